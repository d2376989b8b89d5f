/**
 * `ignoringCancellations` (what `useFlow` gives every flow's actors): a request called off
 * (RequestCancelledError) never reaches the chart as a failure, for the flow's own promise actors and a child
 * machine's; any other failure still does, and answers still arrive.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type AnyActorLogic } from 'xstate';
import { ApiRequestError, RequestCancelledError } from '../../../src/api/client';
import { ignoringCancellations } from '../../../src/app/cancellation';
import { placeholder } from '../../../src/machines/shared/placeholder';

/** A promise settled from the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const loader = setup({
  types: { context: {} as { rows: string[] | null; error: string | null } },
  actors: { load: placeholder<string[]>('load') },
}).createMachine({
  id: 'loader',
  context: { rows: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'loaded', actions: assign({ rows: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error as Error).message }),
        },
      },
    },
    loaded: {},
    failed: {},
  },
});

/** Lets the promise callbacks and the actor's mailbox run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function run(load: AnyActorLogic, wrap: boolean) {
  const actors = { load };
  const actor = createActor(loader.provide({ actors: wrap ? ignoringCancellations(actors) : actors }));
  return actor.start();
}

describe('ignoringCancellations', () => {
  it('a cancelled request is dropped: the flow keeps waiting instead of failing', async () => {
    const attempt = deferred<string[]>();
    const actor = run(
      fromPromise(() => attempt.promise),
      true,
    );
    attempt.reject(new RequestCancelledError('/appointments'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.stop();
  });

  it('without it the same cancellation would show as the flow’s failure', async () => {
    const attempt = deferred<string[]>();
    const actor = run(
      fromPromise(() => attempt.promise),
      false,
    );
    attempt.reject(new RequestCancelledError('/appointments'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The request to /appointments was cancelled.');
  });

  it('answers and other failures reach the flow as before', async () => {
    const loaded = run(
      fromPromise(async () => ['a']),
      true,
    );
    await waitFor(loaded, (s) => s.matches('loaded'));
    expect(loaded.getSnapshot().context.rows).toEqual(['a']);

    const failed = run(
      fromPromise(() =>
        Promise.reject(new ApiRequestError(0, 'network', 'The server could not be reached.')),
      ),
      true,
    );
    await waitFor(failed, (s) => s.matches('failed'));
    expect(failed.getSnapshot().context.error).toBe('The server could not be reached.');
  });

  it('a child machine’s promise actors, and actors given with an input, are covered too', async () => {
    const attempt = deferred<string[]>();
    const child = loader.provide({ actors: { load: fromPromise(() => attempt.promise) } });
    const parent = setup({ actors: { child: loader } }).createMachine({
      id: 'parent',
      initial: 'running',
      states: {
        running: { invoke: { id: 'child', src: 'child', onDone: 'done' } },
        done: {},
      },
    });
    const wrapped = ignoringCancellations({ child, withInput: { src: child, input: { x: 1 } } });
    expect(wrapped.withInput.input).toEqual({ x: 1 });
    const actor = createActor(parent.provide({ actors: { child: wrapped.child } })).start();
    attempt.reject(new RequestCancelledError('/providers'));
    await settle();
    const running = actor.getSnapshot().children.child;
    expect(running?.getSnapshot().value).toBe('loading');
    actor.stop();
  });
});
