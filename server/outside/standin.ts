/**
 * What every local stand-in (server/outside/<vendor>/standin.routes.ts) shares: where its client calls it
 * (`standinTarget`), the outage tests' fault switch, which nothing reachable over HTTP sets, and the one-way
 * hash under which a stand-in keeps the tokens and codes it issued (the secret itself is only ever in the
 * client's hands).
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Fetch } from './http';

/** Where a client finds its vendor: this API's own address once it listens, else the app's own fetch. */
export interface StandinTargetDeps {
  selfUrl: (() => string) | undefined;
  inProcessOrigin: string;
  appFetch: Fetch;
}

/**
 * A client's base URL and fetch: the vendor's URL when configured, else the stand-in at `path` on this API,
 * called at `selfUrl` once the API listens, or through `appFetch` in process (no socket) before or without one.
 */
export function standinTarget(
  url: string | undefined,
  path: string,
  { selfUrl, inProcessOrigin, appFetch }: StandinTargetDeps,
): { baseUrl: () => string; fetch?: Fetch } {
  return {
    baseUrl: () => url ?? `${selfUrl?.() ?? inProcessOrigin}${path}`,
    ...(!url && !selfUrl && { fetch: appFetch }),
  };
}

/** A stand-in's fault switch, for outage tests only (never reachable over HTTP). */
export type StandinFault = 'stall' | 'error' | 'throttle';
export interface StandinFaults {
  /** Faults for the next requests, one each, in order (null: that request is answered as usual). */
  next: (StandinFault | null)[];
  /** A fault for every request once `next` is empty. */
  always?: StandinFault;
}

/** How a vendor answers a fault: its 500 and its 429 (the switch adds Retry-After: 1 to the 429). */
export interface FaultAnswers {
  error: (c: Context) => Response;
  throttle: (c: Context) => Response;
}

/** Answers the next fault, if any: a stall waits until the caller gives up (or two minutes), then a 500. */
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

/** Hex SHA-256 of an issued token or code: what a stand-in's table keeps. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
