import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Credentials } from '../../../../src/api/contract/onboarding';
import { EMPTY_MINDBODY } from '../../../../src/domain/connections/connection';
import {
  mindbodyCredentialsMachine,
  type MindbodyCredentialsInput,
  type SaveMindbodyInput,
  type VerifyMindbodyInput,
} from '../../../../src/machines/connections/mindbody-credentials.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from '../onboarding/fixtures';
import { LOCATION, credentials } from './fixtures';

const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');

function start(options: {
  accepts: boolean;
  credentialsId?: number | null;
  version?: number | null;
  draft?: MindbodyCredentialsInput['draft'];
  saveFails?: boolean;
  staleOnce?: boolean;
}) {
  const calls: string[] = [];
  const verified: VerifyMindbodyInput[] = [];
  const saves: SaveMindbodyInput[] = [];
  const actor = createActor(
    mindbodyCredentialsMachine.provide({
      actors: {
        fetchLocations: fromPromise(async ({ input }: { input: VerifyMindbodyInput }) => {
          calls.push(`fetch ${input.username}/${input.siteId}`);
          verified.push(input);
          if (!options.accepts) throw new Error('refused');
          return [LOCATION];
        }),
        saveCredentials: fromPromise(async ({ input }: { input: SaveMindbodyInput }) => {
          calls.push(input.id === null ? 'create' : `update ${input.id}`);
          saves.push(input);
          if (options.saveFails) throw new Error('500');
          if (options.staleOnce && saves.length === 1) throw stale;
          return { ...credentials(input.id ?? 41), version: (input.version ?? 0) + 1 };
        }),
        reloadCredentials: fromPromise(
          async ({ input }: { input: { id: number } }): Promise<Credentials> => ({
            ...credentials(input.id),
            username: 'Owner2',
            siteId: '-99',
            version: 5,
          }),
        ),
      },
    }),
    {
      input: {
        draft: options.draft ?? EMPTY_MINDBODY,
        credentialsId: options.credentialsId ?? null,
        version: options.version ?? null,
      },
    },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices, verified, saves };
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
    expect(done.output).toEqual({
      credentialsId: 41,
      locations: [LOCATION],
      credentials: { ...credentials(41), version: 1 },
    });
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

  it('saved credentials: a blank password keeps the saved one, read with the credentials id', async () => {
    const saved = { username: 'Siteowner', password: '', siteId: '-99' };
    const { actor, verified, saves } = start({ accepts: true, credentialsId: 9, version: 3, draft: saved });
    actor.send({ type: 'credentials.change', patch: { siteId: ' -98 ' } });
    actor.send({ type: 'credentials.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(verified).toEqual([
      { strategy: 'MINDBODY', username: 'Siteowner', siteId: '-98', credentialsId: 9 },
    ]);
    expect(saves).toEqual([
      { id: 9, version: 3, body: { strategy: 'MINDBODY', username: 'Siteowner', siteId: '-98' } },
    ]);
    expect(done.output?.credentials).toMatchObject({ id: 9, version: 4 });

    // A typed password is verified and saved.
    const typedPassword = start({ accepts: true, credentialsId: 9, version: 3, draft: saved });
    typedPassword.actor.send({ type: 'credentials.change', patch: { password: 'new-pass' } });
    typedPassword.actor.send({ type: 'credentials.submit' });
    await waitFor(typedPassword.actor, (s) => s.status === 'done');
    expect(typedPassword.verified[0]).toMatchObject({ password: 'new-pass' });
    expect(typedPassword.saves[0]?.body.password).toBe('new-pass');
  });

  it('a stale save offers Reload: the fresh version, what was typed on top of what they now hold', async () => {
    const saved = { username: 'Siteowner', password: '', siteId: '-99' };
    const { actor, saves, notices } = start({
      accepts: true,
      credentialsId: 9,
      version: 3,
      draft: saved,
      staleOnce: true,
    });
    actor.send({ type: 'credentials.change', patch: { siteId: '-98' } });
    actor.send({ type: 'credentials.submit' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(notices).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({
      version: 5,
      draft: { username: 'Owner2', password: '', siteId: '-98' },
    });
    actor.send({ type: 'credentials.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saves.map((save) => save.version)).toEqual([3, 5]);
  });

  it('walks every state and transition', async () => {
    const reports = [];
    for (const walk of [
      { draft: EMPTY_MINDBODY, credentialsId: null },
      { draft: { ...typed, password: '' }, credentialsId: 9, version: 3 },
    ]) {
      reports.push(
        await coverMachine(mindbodyCredentialsMachine, {
          input: walk,
          events: {
            'credentials.change': [{ type: 'credentials.change', patch: typed }],
            'credentials.submit': [{ type: 'credentials.submit' }],
            'stale.reload': [{ type: 'stale.reload' }],
            'stale.dismiss': [{ type: 'stale.dismiss' }],
          },
          outputs: {
            fetchLocations: [[LOCATION]],
            saveCredentials: [credentials(41)],
            reloadCredentials: [credentials(9)],
          },
          errors: { saveCredentials: [stale, new Error('500')] },
          summaryDir: false,
        }),
      );
    }
    const report = mergeReports(reports);
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
