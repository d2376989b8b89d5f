/** Runs `work` every `intervalMs` after the previous run ended, until stopped; a failed run is logged. */
import type { Log } from '../http/log';

export interface Repeating {
  stop(): Promise<void>;
}

export function repeat(intervalMs: number, work: () => Promise<unknown>, log: Log, what: string): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = work()
      .catch((error: unknown) => log.error({ err: error }, `${what}: pass failed`))
      .finally(() => {
        if (timer !== undefined) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
