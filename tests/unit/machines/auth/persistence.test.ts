import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  EMPTY_STORED_STATE,
  fromStorageEntries,
  type SliceReaders,
  type StorageEntries,
  type StoredState,
} from '../../../../src/domain/shared/persistence';
import {
  persistenceMachine,
  type PersistenceEmitted,
} from '../../../../src/machines/auth/persistence.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

/** Readers that keep the test's slices as they are (the allowlist itself is a domain rule, tested there). */
const readers: SliceReaders = Object.fromEntries(
  ['session', 'onboarding', 'a', 'b'].map((name) => [name, (value: unknown) => value]),
);

function start(
  options: {
    stored?: StoredState;
    loadFails?: boolean;
    saveFails?: boolean;
    /** Start with no readers given, as the app's default allowlist applies. */
    defaultAllowlist?: boolean;
  } = {},
) {
  const writes: StorageEntries[] = [];
  const actor = createActor(
    persistenceMachine.provide({
      actors: {
        load: fromPromise(async () => {
          if (options.loadFails) throw new Error('storage is disabled');
          return options.stored ?? EMPTY_STORED_STATE;
        }),
        save: fromPromise(async ({ input }: { input: StorageEntries }) => {
          if (options.saveFails) throw new Error('quota exceeded');
          writes.push(input);
        }),
      },
    }),
    { input: options.defaultAllowlist ? {} : { readers } },
  );
  const failures: PersistenceEmitted[] = [];
  actor.on('persistence.failed', (event) => failures.push(event));
  actor.start();
  return { actor, writes, failures };
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('persistence machine', () => {
  it('restores what was stored', async () => {
    const stored: StoredState = { idToken: 'a.b.c', slices: { session: { uid: 'u1' } } };
    const { actor, writes } = start({ stored });
    const snapshot = await idle(actor);
    expect(snapshot.context.state).toEqual(stored);
    expect(writes).toEqual([]);
  });

  it('writes the whole state on each change, every password blanked', async () => {
    const { actor, writes } = start();
    await idle(actor);
    actor.send({ type: 'token.update', idToken: 'a.b.c' });
    await idle(actor);
    actor.send({
      type: 'slice.update',
      slice: 'onboarding',
      value: { step: 1, password: 'hunter22', credentials: { username: 'me', password: 's3cret!' } },
    });
    await idle(actor);
    expect(writes).toHaveLength(2);
    const last = writes.at(-1)!;
    expect(last.state).not.toContain('hunter22');
    expect(last.state).not.toContain('s3cret!');
    expect(fromStorageEntries(last, readers)).toEqual({
      idToken: 'a.b.c',
      slices: { onboarding: { step: 1, password: '', credentials: { username: 'me', password: '' } } },
    });
    // In memory the owner still has what was typed.
    expect(actor.getSnapshot().context.state.slices['onboarding']).toMatchObject({ password: 'hunter22' });
  });

  it('a change during a write restarts it with the latest state', async () => {
    const { actor, writes } = start();
    await idle(actor);
    actor.send({ type: 'slice.update', slice: 'a', value: 1 });
    actor.send({ type: 'slice.update', slice: 'b', value: 2 });
    await idle(actor);
    expect(fromStorageEntries(writes.at(-1)!, readers).slices).toEqual({ a: 1, b: 2 });
  });

  it('clearing drops the token and every slice (logout aborts onboarding), removing both keys', async () => {
    const { actor, writes } = start({
      stored: { idToken: 'a.b.c', slices: { session: { uid: 'u1' }, onboarding: { step: 2 } } },
    });
    await idle(actor);
    actor.send({ type: 'state.clear' });
    await idle(actor);
    expect(writes).toEqual([{ idToken: null, state: null }]);
    expect(actor.getSnapshot().context.state).toEqual(EMPTY_STORED_STATE);
  });

  it('a slice set to null is removed', async () => {
    const { actor, writes } = start({ stored: { idToken: null, slices: { session: { uid: 'u1' } } } });
    await idle(actor);
    actor.send({ type: 'slice.update', slice: 'session', value: null });
    await idle(actor);
    expect(writes).toEqual([{ idToken: null, state: null }]);
  });

  it('storage that cannot be read or written is reported, and the console carries on', async () => {
    const broken = start({ loadFails: true, saveFails: true });
    await idle(broken.actor);
    broken.actor.send({ type: 'token.update', idToken: 'x.y.z' });
    await idle(broken.actor);
    expect(broken.failures).toEqual([
      { type: 'persistence.failed', operation: 'load', message: 'storage is disabled' },
      { type: 'persistence.failed', operation: 'save', message: 'quota exceeded' },
    ]);
    expect(broken.actor.getSnapshot().context.state.idToken).toBe('x.y.z');
  });

  it('by default only the allowlisted slices reach storage', async () => {
    const { actor, writes } = start({ defaultAllowlist: true });
    await idle(actor);
    actor.send({ type: 'slice.update', slice: 'scratch', value: { anything: 1 } });
    await idle(actor);
    actor.send({ type: 'slice.update', slice: 'session', value: { uid: 'u1', extra: 'dropped' } });
    await idle(actor);
    expect(JSON.parse(writes.at(-1)!.state!)).toEqual({
      version: 1,
      slices: { session: { uid: 'u1', isAdmin: false, viewAsProvider: false, providerId: null } },
    });
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(persistenceMachine, {
      input: { readers },
      events: {
        'slice.update': [{ type: 'slice.update', slice: 'onboarding', value: { password: 'secret' } }],
        'token.update': [{ type: 'token.update', idToken: 'a.b.c' }],
        'state.clear': [{ type: 'state.clear' }],
      },
      outputs: { load: [EMPTY_STORED_STATE] },
      serializeState: (snapshot) => JSON.stringify(snapshot.value),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
