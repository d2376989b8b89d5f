/** Runs `tsx server/main.ts` as a real process with a controlled environment, for start-up tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT, tsx } from '../../scripts/lib/processes';

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
export function startMain(env: Record<string, string>): MainProcess {
  const child = spawn(tsx(), ['server/main.ts'], {
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
