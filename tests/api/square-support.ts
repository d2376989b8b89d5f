/**
 * What the Square client's tests share: a stand-in on a test database (with its authorisation page), a
 * client on it whose requests are recorded, and the page's Allow, which hands out a code as the browser
 * would receive it.
 */
import { Hono } from 'hono';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';
import { createAllow } from '../../server/http/auth';
import { issueSandboxState } from '../../server/http/sandbox-state';
import { inProcessFetch, type Fetch } from '../../server/outside/http';
import { createSquareClient, type SquareClientOptions } from '../../server/outside/square/client';
import { squareStandinRoutes, type SquareStandinOptions } from '../../server/outside/square/standin.routes';
import {
  SQUARE_STANDIN_APPLICATION_ID,
  SQUARE_STANDIN_APPLICATION_SECRET,
  SQUARE_STANDIN_PATH,
} from '../../server/outside/square/wire';
import { TEST_ORIGIN, testIdentity, type CapturedLog } from './support';

export const SQUARE_BASE = `http://square.test${SQUARE_STANDIN_PATH}`;
export const DAY = 24 * 60 * 60_000;
const RETURN_TO = `${TEST_ORIGIN}/provider/onboarding/credentials`;

/** A request the client sent: method, path below the base, query, and its two headers that matter. */
export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  version: string | null;
  authorization: string | null;
}

export function recording(fetch: Fetch, sent: Sent[]): Fetch {
  return (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname.replace(SQUARE_STANDIN_PATH, ''),
      query: Object.fromEntries(url.searchParams),
      version: headers.get('Square-Version'),
      authorization: headers.get('Authorization'),
    });
    return fetch(input, init);
  };
}

/** A stand-in mounted where the API mounts it, with its page (the sign-in check is the API's own). */
export function squareStandin(options: Omit<SquareStandinOptions, 'page'> & { db: Db }) {
  return new Hono().route(
    SQUARE_STANDIN_PATH,
    squareStandinRoutes({
      ...options,
      page: { consoleOrigins: [TEST_ORIGIN], allow: createAllow(testIdentity()) },
    }),
  );
}

export function squareClient(
  standin: Hono,
  log: CapturedLog,
  sent: Sent[],
  sleeps: number[],
  options: Partial<SquareClientOptions> = {},
) {
  return createSquareClient({
    baseUrl: () => SQUARE_BASE,
    applicationId: SQUARE_STANDIN_APPLICATION_ID,
    applicationSecret: SQUARE_STANDIN_APPLICATION_SECRET,
    timeoutMs: 2000,
    log: log.log,
    fetch: recording(
      inProcessFetch((request) => standin.fetch(request)),
      sent,
    ),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
}

/** The authorisation page's Allow on this stand-in: the code the console is sent back with. */
export async function allowOnPage(standin: Hono): Promise<string> {
  const state = issueSandboxState('square-authorize', 'square');
  const response = await standin.request(`${SQUARE_STANDIN_PATH}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'allow', state, redirect_uri: RETURN_TO }).toString(),
  });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get('Location') ?? '');
  expect(back.searchParams.get('state')).toBe(state);
  return back.searchParams.get('code') ?? '';
}
