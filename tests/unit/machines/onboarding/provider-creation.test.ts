import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Credentials } from '../../../../src/api/contract/onboarding';
import type { Location, Provider } from '../../../../src/api/contract/provider';
import type { Notice } from '../../../../src/machines/shared/notice';
import {
  providerCreationMachine,
  type ProviderCreationInput,
  type SaveCredentialsInput,
  type SaveLocationInput,
  type SaveProviderInput,
} from '../../../../src/machines/onboarding/provider-creation.machine';
import { EMPTY_CREDENTIALS, NO_IDS } from '../../../../src/domain/onboarding/profile';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { COMPLETE_PROFILE, mergeReports } from './fixtures';

type Step = 'credentials' | 'location' | 'provider';

function run(input: ProviderCreationInput, failAt?: Step, failDeletes = false) {
  const calls: string[] = [];
  const step =
    <T>(name: Step, id: number) =>
    async ({ input: call }: { input: { id: number | null } }): Promise<T> => {
      calls.push(`${call.id === null ? 'create' : 'update'} ${name}`);
      if (failAt === name) throw new Error('refused');
      return { id: call.id ?? id } as unknown as T;
    };
  const actor = createActor(
    providerCreationMachine.provide({
      actors: {
        saveCredentials: fromPromise<Credentials, SaveCredentialsInput>(step('credentials', 11)),
        saveLocation: fromPromise<Location, SaveLocationInput>(step('location', 22)),
        saveProvider: fromPromise<Provider, SaveProviderInput>(step('provider', 33)),
        deleteLocation: fromPromise(async ({ input: call }: { input: { id: number } }): Promise<unknown> => {
          calls.push(`delete location ${call.id}`);
          if (failDeletes) throw new Error('unavailable');
          return null;
        }),
        deleteCredentials: fromPromise(
          async ({ input: call }: { input: { id: number } }): Promise<unknown> => {
            calls.push(`delete credentials ${call.id}`);
            if (failDeletes) throw new Error('unavailable');
            return null;
          },
        ),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, calls, notices };
}

const mindbody: ProviderCreationInput = {
  strategy: 'MINDBODY',
  profile: COMPLETE_PROFILE,
  credentials: { ...EMPTY_CREDENTIALS, username: 'u', password: 'p', siteId: '1' },
  ids: NO_IDS,
};

describe('provider creation machine', () => {
  it('creates credentials, then the location, then the provider', async () => {
    const { actor, calls } = run(mindbody);
    actor.send({ type: 'creation.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['create credentials', 'create location', 'create provider']);
    expect(done.output).toEqual({
      created: true,
      ids: { credentialsId: 11, locationId: 22, providerId: 33 },
    });
  });

  it('skips credentials for MANUAL and ignores a second submit while saving', async () => {
    const { actor, calls } = run({ ...mindbody, strategy: 'MANUAL' });
    actor.send({ type: 'creation.submit' });
    actor.send({ type: 'creation.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['create location', 'create provider']);
  });

  it('a provider failure deletes the location, then the credentials, and says so', async () => {
    const { actor, calls, notices } = run(mindbody, 'provider');
    actor.send({ type: 'creation.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      'create credentials',
      'create location',
      'create provider',
      'delete location 22',
      'delete credentials 11',
    ]);
    expect(done.output).toEqual({ created: false, ids: NO_IDS });
    expect(notices.map((n) => n.message)).toEqual([
      'Failed to create/update provider, ensure fields are valid.',
    ]);
  });

  it('a location failure deletes the credentials; a credentials failure deletes nothing', async () => {
    const location = run(mindbody, 'location');
    location.actor.send({ type: 'creation.submit' });
    await waitFor(location.actor, (s) => s.status === 'done');
    expect(location.calls).toEqual(['create credentials', 'create location', 'delete credentials 11']);
    expect(location.notices[0]?.message).toBe('Failed to create/update location, ensure fields are valid.');
    const credentials = run(mindbody, 'credentials');
    credentials.actor.send({ type: 'creation.submit' });
    await waitFor(credentials.actor, (s) => s.status === 'done');
    expect(credentials.calls).toEqual(['create credentials']);
    expect(credentials.notices[0]?.message).toBe(
      'Failed to create/update credentials, ensure fields are valid.',
    );
  });

  it('a rollback delete that fails keeps the record, says what is left, and the next run reuses it', async () => {
    const { actor, calls, notices } = run(mindbody, 'provider', true);
    actor.send({ type: 'creation.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      'create credentials',
      'create location',
      'create provider',
      'delete location 22',
      'delete credentials 11',
    ]);
    expect(done.output).toEqual({
      created: false,
      ids: { credentialsId: 11, locationId: 22, providerId: null },
    });
    expect(notices.map((n) => n.message)).toEqual([
      'Failed to create/update provider, ensure fields are valid.',
      'The new location and new scheduling credentials this attempt created could not be removed. They are kept and used again when you press Next.',
    ]);
    expect(notices[1]?.log).toBe(true);

    const again = run({ ...mindbody, ids: done.output!.ids });
    again.actor.send({ type: 'creation.submit' });
    await waitFor(again.actor, (s) => s.status === 'done');
    expect(again.calls).toEqual(['update credentials', 'update location', 'create provider']);

    const location = run({ ...mindbody, strategy: 'BOOKER' }, 'provider', true);
    location.actor.send({ type: 'creation.submit' });
    await waitFor(location.actor, (s) => s.status === 'done');
    expect(location.notices[1]?.message).toBe(
      'The new location this attempt created could not be removed. It is kept and used again when you press Next.',
    );
  });

  it('updates saved records instead of creating them, and never deletes an updated one', async () => {
    const ids = { credentialsId: 5, locationId: 6, providerId: 7 };
    const { actor, calls } = run({ ...mindbody, ids }, 'provider');
    actor.send({ type: 'creation.submit' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['update credentials', 'update location', 'update provider']);
    expect(done.output).toEqual({ created: false, ids });
  });

  it('walks every state and transition (with and without credentials, with and without saved ids)', async () => {
    const inputs: ProviderCreationInput[] = [
      mindbody,
      { ...mindbody, strategy: 'BOOKER' },
      { ...mindbody, ids: { ...NO_IDS, locationId: 6 } },
      { ...mindbody, strategy: 'BOOKER', ids: { ...NO_IDS, locationId: 6 } },
    ];
    const reports = [];
    for (const input of inputs) {
      reports.push(
        await coverMachine(providerCreationMachine, {
          input,
          events: { 'creation.submit': [{ type: 'creation.submit' }] },
          outputs: { saveCredentials: [{ id: 11 }], saveLocation: [{ id: 22 }], saveProvider: [{ id: 33 }] },
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
