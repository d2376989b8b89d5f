/**
 * A lock file holding the owner's pid, because nothing stops two processes from opening the same PGlite
 * data directory, and two writers corrupt it. A lock whose pid is no longer running is stale (the owner
 * crashed) and is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class LockedError extends Error {
  override name = 'LockedError';
}

export interface Lock {
  path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still means it is running.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export function acquireLock(path: string, what: string): Lock {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let fd: number;
    try {
      // 'wx' creates atomically and fails if the file exists: two processes cannot both succeed.
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner !== undefined && isRunning(owner)) {
        const who = owner === process.pid ? 'this process' : `process ${owner}`;
        throw new LockedError(
          `${what} is already in use by ${who} (lock file ${path}). Stop that process first; ` +
            'only one process may open an embedded database at a time.',
        );
      }
      // Stale (dead owner) or unreadable half-written lock: remove and try again.
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return {
      path,
      release() {
        // Only remove the lock if it is still ours (it may have been taken over after a long pause).
        if (readOwner(path) === process.pid) unlinkSync(path);
      },
    };
  }
  throw new LockedError(`Could not take the lock ${path} for ${what}: it keeps reappearing.`);
}
