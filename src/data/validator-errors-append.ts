/**
 * ajv's generated validators gather a referenced definition's errors with
 * `vErrors = vErrors === null ? sub.errors : vErrors.concat(sub.errors)`: each failing call copies
 * every error gathered so far, so 30,000 failing turns of a track copied 450 million entries (seconds
 * of validation before a single diagnostic). This rewrites each such statement to append in place:
 * the same errors in the same order, in time linear in their number.
 */

/** `vErrors = vErrors === null ? X : vErrors.concat(X);` as ajv writes it, X an accessor path. */
const CONCAT_ERRORS = /vErrors = vErrors === null \? ([\w$.]+) : vErrors\.concat\(\1\);/g;

export function appendErrorsInPlace(code: string): string {
  // The length is read once: were X ever vErrors itself, the loop still ends (as concat would).
  return code.replace(
    CONCAT_ERRORS,
    (_, errors: string) =>
      `if(vErrors === null){vErrors = ${errors};}else{for(let appendAt=0, appendEnd=${errors}.length; appendAt<appendEnd; appendAt++){vErrors.push(${errors}[appendAt]);}}`,
  );
}

/** Whether generated code still copies gathered errors on each failing call (ajv changed how it writes it). */
export function copiesGatheredErrors(code: string): boolean {
  return code.includes('vErrors.concat(');
}
