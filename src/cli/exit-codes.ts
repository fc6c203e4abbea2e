/** The process exit codes, in one place. */
export const EXIT = {
  ok: 0,
  /** The data (or a module, or a check) has errors. */
  invalid: 1,
  /** The command line was wrong. */
  usage: 2,
  /** A build step failed on valid data (e.g. a file could not be written). */
  failed: 3,
  /** A bug in Hexforge. */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Thrown by commands to stop with a given code after they have printed what went wrong. */
export class ExitError extends Error {
  constructor(
    readonly code: ExitCode,
    message = '',
  ) {
    super(message);
  }
}
