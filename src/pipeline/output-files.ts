/**
 * The files an output declares it writes (Generator.files): `{game}` for the game id, `*` for any
 * name within one folder. The pipeline holds each output to its declaration.
 */

/** The declared pattern with the game id filled in. */
export function outputFile(pattern: string, gameId: string): string {
  return pattern.split('{game}').join(gameId);
}

function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

/** Whether `file` (relative to the game's output folder) is one of `patterns`. */
export function isDeclaredFile(file: string, patterns: readonly string[], gameId: string): boolean {
  return patterns.some((pattern) => patternRegExp(outputFile(pattern, gameId)).test(file));
}
