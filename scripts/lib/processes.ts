/**
 * Starting and stopping the local stack's processes: the auth emulator, the API and the web server.
 * Used by `npm start`, the API test set-up and the browser test set-up, so all three run the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');
/** Loaded first into the auth emulator (scripts/lib/emulator-lazy-schemas.mjs). */
const LAZY_SCHEMAS = pathToFileURL(join(ROOT, 'scripts', 'lib', 'emulator-lazy-schemas.mjs')).href;

export interface Running {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 60_000, child }: { timeoutMs?: number; child?: ChildProcess } = {},
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000}s`);
}

export async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.ok;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Prefix each output line with the name; otherwise output is kept and shown only on failure. */
  echo?: boolean;
  /** A file that receives all the output too (made anew), e.g. for a check of the whole log after a run. */
  logFile?: string;
}

export function spawnProcess({
  name,
  command,
  args,
  env,
  cwd = ROOT,
  echo = false,
  logFile,
}: SpawnOptions): Running {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const log: string[] = [];
  const file = logFile ? createWriteStream(logFile) : undefined;
  const onData = (chunk: Buffer) => {
    file?.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      log.push(line);
      if (log.length > 200) log.shift();
      if (echo) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // 'close' comes after the output's last chunk, 'exit' may come before it.
  child.on('close', () => file?.end());
  child.on('exit', (code, signal) => {
    if (code && code !== 0 && !echo && !stopping) {
      process.stderr.write(`[${name}] exited with ${code ?? signal}; last output:\n${log.join('\n')}\n`);
    }
  });
  let stopping = false;
  return {
    name,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface EmulatorOptions {
  port: number;
  projectId: string;
  /** Folder for the emulator's config and log; accounts are imported from and exported to `persistDir`. */
  workDir: string;
  persistDir?: string;
  echo?: boolean;
}

/** Starts the Firebase Auth emulator (offline, no Java) and waits until it answers. */
export async function startAuthEmulator(options: EmulatorOptions): Promise<Running> {
  const { port, projectId, workDir, persistDir, echo } = options;
  mkdirSync(workDir, { recursive: true });
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port },
      hub: { host: '127.0.0.1', port: port + 1 },
      logging: { host: '127.0.0.1', port: port + 2 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  writeFileSync(join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));
  const args = ['emulators:start', '--only', 'auth', '--project', projectId, '--config', 'firebase.json'];
  if (persistDir) {
    mkdirSync(persistDir, { recursive: true });
    if (existsSync(join(persistDir, 'firebase-export-metadata.json'))) args.push('--import', persistDir);
    args.push('--export-on-exit', persistDir);
  }
  if (await isPortOpen(port)) throw new Error(`Port ${port} for the auth emulator is already in use`);
  const running = spawnProcess({
    name: 'auth',
    command: join(BIN, 'firebase'),
    args,
    cwd: workDir,
    env: {
      CI: '1',
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      // Its request and answer checks compiled as each is first used, not all before it listens.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import ${JSON.stringify(LAZY_SCHEMAS)}`]
        .filter(Boolean)
        .join(' '),
    },
    echo,
  });
  await waitFor('auth emulator', () => httpOk(`http://127.0.0.1:${port}/`), {
    child: running.child,
    timeoutMs: 90_000,
  });
  return running;
}

export function tsx(): string {
  return join(BIN, 'tsx');
}

export function bin(name: string): string {
  return join(BIN, name);
}
