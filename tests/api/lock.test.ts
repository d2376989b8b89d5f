/** One process per PGlite data directory: the lock file, its refusal and its stale-lock takeover. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/processes';
import { openDatabase } from '../../server/db/client';
import { acquireLock, LockedError } from '../../server/db/lock';

const dir = join(ROOT, '.tmp', 'api-tests', `lock-${process.pid}`);
const lockPath = join(dir, 'db.lock');

/** The pid of a process that has already exited. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(run.stdout.toString());
}

describe('data directory lock', () => {
  beforeAll(() => mkdirSync(dir, { recursive: true }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes our pid, refuses a second owner and is removed on release', () => {
    const lock = acquireLock(lockPath, 'test dir');
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireLock(lockPath, 'test dir')).toThrow(LockedError);
    expect(() => acquireLock(lockPath, 'test dir')).toThrow(/already in use by this process/);
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses while another live process holds it', () => {
    writeFileSync(lockPath, `${process.ppid}\n`);
    expect(() => acquireLock(lockPath, 'test dir')).toThrow(new RegExp(`in use by process ${process.ppid}`));
    rmSync(lockPath);
  });

  it('takes over a stale lock whose process is gone, and an unreadable one', () => {
    for (const content of [`${deadPid()}\n`, 'garbage']) {
      writeFileSync(lockPath, content);
      const lock = acquireLock(lockPath, 'test dir');
      expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
    }
  });

  it('release leaves a lock that someone else has taken over', () => {
    const lock = acquireLock(lockPath, 'test dir');
    writeFileSync(lockPath, `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockPath, 'utf8').trim()).toBe(String(process.ppid));
    rmSync(lockPath);
  });

  it('openDatabase fails clearly, without opening anything, when the directory is taken', async () => {
    const dataDir = join(dir, 'db');
    writeFileSync(`${dataDir}.lock`, `${process.ppid}\n`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/The database directory .*db is already in use/);
    expect(existsSync(dataDir)).toBe(false);
    rmSync(`${dataDir}.lock`);
  });
});
