/**
 * The stand-ins' fault switch, for outage tests only (never reachable over HTTP): a stand-in given one
 * stalls, fails or throttles the requests it names, answering in its vendor's own error shape.
 */
import type { Context, MiddlewareHandler } from 'hono';

export type StandinFault = 'stall' | 'error' | 'throttle';
export interface StandinFaults {
  /** Faults for the next requests, one each, in order (null: that request is answered as usual). */
  next: (StandinFault | null)[];
  /** A fault for every request once `next` is empty. */
  always?: StandinFault;
}

/** How a vendor answers a failure of its own (a 500) and a throttled request (a 429 with Retry-After: 1). */
export interface FaultAnswers {
  error: (c: Context) => Response;
  throttle: (c: Context) => Response;
}

/**
 * The middleware that plays the next fault: a stall waits until the caller gives up (or two minutes), then
 * answers the error; without a fault the request goes on.
 */
export function faultSwitch(faults: StandinFaults | undefined, answers: FaultAnswers): MiddlewareHandler {
  return async (c, next) => {
    const queued = faults?.next.shift();
    const fault = queued === undefined ? faults?.always : queued;
    if (fault === 'stall') {
      await new Promise<void>((done) => {
        c.req.raw.signal.addEventListener('abort', () => done());
        setTimeout(done, 120_000).unref();
      });
      return answers.error(c);
    }
    if (fault === 'error') return answers.error(c);
    if (fault === 'throttle') {
      c.header('Retry-After', '1');
      return answers.throttle(c);
    }
    await next();
  };
}
