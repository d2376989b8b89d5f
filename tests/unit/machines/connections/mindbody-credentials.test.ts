import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { EMPTY_MINDBODY } from '../../../../src/domain/connections/connection';
import {
  mindbodyCredentialsMachine,
  type SaveMindbodyInput,
} from '../../../../src/machines/connections/mindbody-credentials.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { LOCATION, credentials } from './fixtures';

function start(options: { accepts: boolean; credentialsId?: number | null; saveFails?: boolean }) {
  const calls: string[] = [];
  const actor = createActor(
    mindbodyCredentialsMachine.provide({
      actors: {
        fetchLocations: fromPromise(async ({ input }: { input: SaveMindbodyInput['body'] }) => {
          calls.push(`fetch ${input.username}/${input.siteId}`);
          if (!options.accepts) throw new Error('refused');
          return [LOCATION];
        }),
        saveCredentials: fromPromise(async ({ input }: { input: SaveMindbodyInput }) => {
          calls.push(input.id === null ? 'create' : `update ${input.id}`);
          if (options.saveFails) throw new Error('500');
          return credentials(input.id ?? 41);
        }),
      },
    }),
    { input: { draft: EMPTY_MINDBODY, credentialsId: options.credentialsId ?? null } },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
}

const typed = { username: ' Siteowner ', password: 'apitest1234', siteId: '-99' };

describe('MINDBODY credentials machine', () => {
  it('names each missing field and clears a field’s error when it is typed in', () => {
    const { actor, calls } = start({ accepts: true });
    actor.send({ type: 'credentials.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      username: 'Username required',
      password: 'Password required',
      siteId: 'Site ID required',
    });
    actor.send({ type: 'credentials.change', patch: { username: 'x' } });
    expect(actor.getSnapshot().context.errors).toEqual({
      password: 'Password required',
      siteId: 'Site ID required',
    });
    expect(calls).toEqual([]);
  });

  it('wrong credentials: the catalogue toast, the form as typed; then right ones are saved and it advances', async () => {
    const wrong = start({ accepts: false });
    wrong.actor.send({ type: 'credentials.change', patch: typed });
    wrong.actor.send({ type: 'credentials.submit' });
    await waitFor(wrong.actor, (s) => s.matches('editing') && wrong.calls.length === 1);
    expect(wrong.notices.map((n) => n.message)).toEqual([
      'Unable to get provider locations, check that provided credentials are correct.',
    ]);
    expect(wrong.actor.getSnapshot().context.draft).toEqual(typed);

    const right = start({ accepts: true });
    right.actor.send({ type: 'credentials.change', patch: typed });
    right.actor.send({ type: 'credentials.submit' });
    const done = await waitFor(right.actor, (s) => s.status === 'done');
    expect(right.calls).toEqual(['fetch Siteowner/-99', 'create']);
    expect(done.output).toEqual({ credentialsId: 41, locations: [LOCATION] });
  });

  it('updates credentials saved before; a failed save says so and keeps the form', async () => {
    const again = start({ accepts: true, credentialsId: 7 });
    again.actor.send({ type: 'credentials.change', patch: typed });
    again.actor.send({ type: 'credentials.submit' });
    await waitFor(again.actor, (s) => s.status === 'done');
    expect(again.calls).toEqual(['fetch Siteowner/-99', 'update 7']);

    const failing = start({ accepts: true, saveFails: true });
    failing.actor.send({ type: 'credentials.change', patch: typed });
    failing.actor.send({ type: 'credentials.submit' });
    await waitFor(failing.actor, (s) => s.matches('editing') && failing.notices.length > 0);
    expect(failing.notices[0]?.message).toBe('Failed to create/update credentials, ensure fields are valid.');
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(mindbodyCredentialsMachine, {
      input: { draft: EMPTY_MINDBODY, credentialsId: null },
      events: {
        'credentials.change': [{ type: 'credentials.change', patch: typed }],
        'credentials.submit': [{ type: 'credentials.submit' }],
      },
      outputs: { fetchLocations: [[LOCATION]], saveCredentials: [credentials(41)] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
