/** Runs `tsx server/main.ts` (or another entry point) as a real process with a controlled environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, tsx } from '../../scripts/lib/processes';
import { context } from './support';

export interface MainProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the match once the output matches; rejects if the process exits first or on timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(signal?: NodeJS.Signals): void;
}

/** Only what the process needs to run, plus `env`: nothing leaks in from the test runner's environment. */
export function startMain(env: Record<string, string>, script = 'server/main.ts'): MainProcess {
  const child = spawn(tsx(), [script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    output: () => text,
    exited,
    async waitFor(pattern, timeoutMs = 60_000) {
      const started = Date.now();
      for (;;) {
        const match = pattern.exec(text);
        if (match) return match;
        if (done) throw new Error(`main exited before printing ${pattern}:\n${text}`);
        if (Date.now() - started > timeoutMs)
          throw new Error(`no ${pattern} after ${timeoutMs} ms:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    kill(signal = 'SIGTERM') {
      if (!done) child.kill(signal);
    },
  };
}

/** The processes below `pid` (its children, theirs, …), read from each process's /proc/<pid>/stat. */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "<pid> (<name>) <state> <ppid> …": the name may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/**
 * Ends a started process and every process it started (tsx runs the server in a child of its own), and
 * resolves with its exit once every one of them is gone for good (a zombie not yet collected still counts as a
 * PGlite lock's running owner, server/db/lock.ts). SIGKILL hits them all at the same moment, as a crash would;
 * SIGTERM goes to the process alone, which passes it on and stops cleanly.
 */
export async function endProcessTree(
  main: MainProcess,
  signal: 'SIGKILL' | 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const root = main.child.pid;
  if (root === undefined) return main.exited;
  const pids = [root, ...descendantsOf(root)];
  for (const pid of signal === 'SIGKILL' ? pids : [root]) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
  const exit = await main.exited;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    if (alive.length === 0) return exit;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`processes ${pids.join(', ')} did not end`);
}

/**
 * startMain as a test run: APP_ENV=test, a free port, the run's emulator and project, a 30 s identity time limit,
 * plus `env`. No test of a whole process waits out the identity limit, and the emulator on a busy machine took
 * over the default 5 s to create the demo accounts at start-up (the process then exits before its ready line).
 */
export function startTestMain(env: Record<string, string>): MainProcess {
  return startMain({
    APP_ENV: 'test',
    API_PORT: '0',
    FIREBASE_PROJECT_ID: context.projectId,
    FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
    IDENTITY_TIMEOUT_MS: '30000',
    ...env,
  });
}

/**
 * Runs `work` with the environment of a server on a fresh PostgreSQL database named `name` (created on the
 * run's server, dropped afterwards).
 */
export async function withPostgresMainEnv(
  name: string,
  work: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const adminUrl = context.postgresUrl ?? '';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // The name is made by the test (letters, digits, underscores), never taken from input.
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await work({ DATABASE_URL: url.toString(), DATA_DIR: join(ROOT, '.tmp', 'api-tests', 'unused') });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
