/**
 * A fake `ApiClient` for the actor factories' tests: it records every request and answers each from a list
 * of canned bodies, parsed through the schema the caller passed, so an answer that breaks the contract fails
 * the test (even when the actor under test swallows the failure). A request nobody gave an answer for fails
 * the test the same way. `refusal(...)` answers with an ApiRequestError instead.
 */
import { onTestFinished } from 'vitest';
import * as v from 'valibot';
import { ApiRequestError, type ApiClient } from '../../src/api/client';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Route = `${Method} /${string}`;

/** One request as the fake saw it; `query`, `body` and `signal` only when the caller passed them. */
export interface ApiCall {
  method: Method;
  path: string;
  query?: unknown;
  body?: unknown;
  idempotent: boolean;
  signal?: AbortSignal;
}

const REFUSAL = Symbol('refusal');
interface Refusal {
  [REFUSAL]: true;
  status: number;
  code: string;
  message: string;
  field: string | undefined;
}

/** An answer that rejects with `new ApiRequestError(status, code, message, field)`. */
export function refusal(status: number, code: string, message: string, field?: string): Refusal {
  return { [REFUSAL]: true, status, code, message, field };
}

const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === 'object' && answer !== null && REFUSAL in answer;

/** A canned body, a refusal, or either made from the request. */
export type Answer = unknown;

type Schema<T> = v.GenericSchema<unknown, T>;
type Options = { query?: unknown; body?: unknown; signal?: AbortSignal | null; idempotent?: boolean };

/** Call inside a test: the test fails at its end when a request went unanswered or an answer broke its schema. */
export function fakeApi() {
  const calls: ApiCall[] = [];
  const answers = new Map<Route, Answer[]>();
  const faults: string[] = [];
  onTestFinished(() => {
    if (faults.length > 0) throw new Error(`The fake API was misused:\n${faults.join('\n')}`);
  });

  /** The route's next answer (its last one stays), made from the call when it is a function. */
  const answerFor = (call: ApiCall, queue: Answer[]): unknown => {
    const next = queue.length > 1 ? queue.shift() : queue[0];
    return typeof next === 'function' ? (next as (call: ApiCall) => unknown)(call) : next;
  };

  const send =
    (method: Method) =>
    async <T>(schema: Schema<T>, path: string, options: Options = {}): Promise<T> => {
      const call: ApiCall = {
        method,
        path,
        ...(options.query === undefined ? {} : { query: options.query }),
        ...(options.body === undefined ? {} : { body: options.body }),
        idempotent: options.idempotent === true,
        ...(options.signal ? { signal: options.signal } : {}),
      };
      calls.push(call);
      await Promise.resolve();
      const queue = answers.get(`${method} ${path}` as Route);
      if (!queue || queue.length === 0) {
        faults.push(`no answer for ${method} ${path}`);
        throw new Error(`The fake API has no answer for ${method} ${path}`);
      }
      const answer = answerFor(call, queue);
      if (isRefusal(answer))
        throw new ApiRequestError(answer.status, answer.code, answer.message, answer.field);
      const parsed = v.safeParse(schema, answer);
      if (!parsed.success) {
        const fault = `the answer to ${method} ${path} breaks its schema: ${v.summarize(parsed.issues)}`;
        faults.push(fault);
        throw new Error(fault);
      }
      return parsed.output;
    };

  const client = {
    get: send('GET'),
    post: send('POST'),
    put: send('PUT'),
    delete: send('DELETE'),
  } as ApiClient;

  return {
    client,
    /** Every request in the order it was sent. */
    calls,
    /** The requests as `METHOD path`, in order. */
    routes: () => calls.map((call) => `${call.method} ${call.path}`),
    /** Answers the route's requests in turn with these answers; the last one answers every later request. */
    on(route: Route, ...list: Answer[]) {
      answers.set(route, list);
      return this;
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** A factory's actors built on a new fake API (call inside a test), with the fake to answer and read. */
export function fakeActors<Actors>(create: (client: ApiClient) => Actors) {
  const fake = fakeApi();
  return { fake, actors: create(fake.client) };
}
