/**
 * Hexforge's own files (assets/, the bundled fonts): one that is missing or unreadable means the
 * installation is broken, which is neither bad data (exit 1) nor a bug (exit 70). It stops the
 * command with a diagnostic naming the file and saying how to restore it.
 */
import { EXIT, ExitError } from './exit-codes';

/** Why a file of the installation could not be read, in words. */
function readReason(failure: unknown): string {
  const code = (failure as NodeJS.ErrnoException).code ?? '';
  const why: Record<string, string> = {
    ENOENT: 'it is missing',
    ENOTDIR: 'a part of its path is a file, not a folder',
    EISDIR: 'a folder is in its place',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    ELOOP: 'its path is a loop of symbolic links',
    EIO: 'the disk could not be read',
  };
  return why[code] ?? (code || (failure as Error).message);
}

export class InstallError extends ExitError {
  constructor(file: string, failure: unknown) {
    super(
      EXIT.failed,
      `${file}: error install/unreadable-file: Hexforge cannot read a file of its own installation (${readReason(failure)})\n` +
        '    hint: restore the file (git checkout, or reinstall Hexforge with npm install); it is not part of your game',
    );
  }
}

/** Whether a failure is the file system's (an errno code), not a bug. */
function fileSystemFailure(failure: unknown): boolean {
  return typeof (failure as NodeJS.ErrnoException)?.code === 'string' && typeof (failure as NodeJS.ErrnoException).syscall === 'string';
}

/** `read()` of a file of the installation; a file-system failure becomes an InstallError naming `file`. */
export function readInstalled<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (failure) {
    if (!fileSystemFailure(failure)) throw failure;
    throw new InstallError((failure as NodeJS.ErrnoException).path ?? file, failure);
  }
}
