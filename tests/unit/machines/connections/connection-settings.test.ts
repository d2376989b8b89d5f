import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Provider } from '../../../../src/api/contract/provider';
import {
  connectionSettingsMachine,
  type AppliedConnection,
  type ApplyConnectionInput,
  type ConnectionSettingsInput,
  type LoadedConnection,
} from '../../../../src/machines/connections/connection-settings.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { credentials } from './fixtures';

const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');
const input: ConnectionSettingsInput = {
  strategy: 'BOULEVARD',
  provider: { id: 3, version: 2, externalId: 'blvd-old' },
};
const saved = { ...credentials(8, 'BOULEVARD'), businessId: 'blvd-sandbox-old', version: 4 };
const loaded: LoadedConnection = { credentials: saved, provider: input.provider };
const written = { id: 3, version: 3, externalId: 'blvd-new' } as Provider;
const applied: AppliedConnection = {
  credentials: { ...saved, businessId: 'blvd-sandbox-new', version: 5 },
  provider: written,
};

function start(options: { loadFails?: boolean; applyFails?: unknown; credentials?: boolean } = {}) {
  const applies: ApplyConnectionInput[] = [];
  let loads = 0;
  const actor = createActor(
    connectionSettingsMachine.provide({
      actors: {
        loadConnection: fromPromise(async () => {
          loads += 1;
          if (options.loadFails && loads === 1) throw new Error('offline');
          return options.credentials === false ? { ...loaded, credentials: null } : loaded;
        }),
        applyConnection: fromPromise(async ({ input: call }: { input: ApplyConnectionInput }) => {
          applies.push(call);
          if (options.applyFails && applies.length === 1) throw options.applyFails;
          return call.outcome.kind === 'square' ? { ...applied, provider: null } : applied;
        }),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  const providers: Provider[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.on('provider.saved', (event) => providers.push(event.provider));
  actor.start();
  return { actor, applies, notices, providers, loads: () => loads };
}

const boulevard = { kind: 'boulevard' as const, businessId: 'blvd-sandbox-new', externalId: 'blvd-new' };

describe('connection settings machine', () => {
  it("reads the provider's credentials; a failed read offers Try again", async () => {
    const { actor, loads } = start({ loadFails: true });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'settings.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(loads()).toBe(2);
    expect(actor.getSnapshot().context.credentials).toEqual(saved);
  });

  it('saves a changed Boulevard connection with the versions read; the manage view gets the provider', async () => {
    const { actor, applies, notices, providers } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'provider.updated', provider: { id: 3, version: 6, externalId: 'blvd-old' } });
    actor.send({ type: 'provider.updated', provider: { id: 3, version: 1, externalId: 'older' } });
    actor.send({ type: 'connection.change' });
    expect(actor.getSnapshot().value).toBe('changing');
    actor.send({ type: 'connection.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'connection.change' });
    actor.send({ type: 'connection.made', outcome: boulevard });
    await waitFor(actor, (s) => s.matches('ready') && applies.length === 1);
    expect(applies).toEqual([
      { provider: { id: 3, version: 6, externalId: 'blvd-old' }, credentials: saved, outcome: boulevard },
    ]);
    expect(actor.getSnapshot().context).toMatchObject({
      credentials: applied.credentials,
      pending: null,
      provider: { id: 3, version: 3, externalId: 'blvd-new' },
    });
    expect(providers).toEqual([written]);
    expect(notices.map((n) => n.message)).toEqual(['Saved connection settings.']);
  });

  it('MINDBODY saved the credentials the provider points at: nothing more is written', async () => {
    const { actor, applies, notices } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    const changed = { ...saved, siteId: '-98', version: 5 };
    actor.send({ type: 'connection.made', outcome: { kind: 'credentials', credentials: changed } });
    expect(actor.getSnapshot().context.credentials).toEqual(changed);
    actor.send({ type: 'connection.change' });
    actor.send({ type: 'connection.made', outcome: { kind: 'credentials', credentials: changed } });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(applies).toEqual([]);
    expect(notices.map((n) => n.message)).toEqual([
      'Saved connection settings.',
      'Saved connection settings.',
    ]);

    // First credentials of a provider that had none are pointed at by it.
    const none = start({ credentials: false });
    await waitFor(none.actor, (s) => s.matches('ready'));
    none.actor.send({ type: 'connection.made', outcome: { kind: 'credentials', credentials: changed } });
    await waitFor(none.actor, () => none.applies.length === 1);
    expect(none.applies[0]).toMatchObject({ credentials: null });
  });

  it('a refused save says so and keeps the connection made; a stale one offers Reload', async () => {
    const failing = start({ applyFails: new Error('500') });
    await waitFor(failing.actor, (s) => s.matches('ready'));
    failing.actor.send({ type: 'connection.made', outcome: { kind: 'square', credentialsId: 12 } });
    await waitFor(failing.actor, (s) => s.matches('ready') && failing.notices.length > 0);
    expect(failing.notices.map((n) => n.message)).toEqual([
      'Failed to create/update credentials, ensure fields are valid.',
    ]);
    expect(failing.actor.getSnapshot().context.pending).toEqual({ kind: 'square', credentialsId: 12 });

    const refused = start({ applyFails: stale });
    await waitFor(refused.actor, (s) => s.matches('ready'));
    refused.actor.send({ type: 'connection.change' });
    refused.actor.send({ type: 'connection.made', outcome: boulevard });
    await waitFor(refused.actor, (s) => s.matches('stale'));
    expect(refused.notices).toEqual([]);
    refused.actor.send({ type: 'stale.dismiss' });
    expect(refused.actor.getSnapshot().value).toBe('ready');
    refused.actor.send({ type: 'connection.made', outcome: boulevard });
    await waitFor(refused.actor, (s) => s.matches('ready') && refused.applies.length === 2);
    expect(refused.loads()).toBe(1);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(connectionSettingsMachine, {
      input,
      events: {
        'settings.retry': [{ type: 'settings.retry' }],
        'connection.change': [{ type: 'connection.change' }],
        'connection.cancel': [{ type: 'connection.cancel' }],
        'connection.made': [
          { type: 'connection.made', outcome: boulevard },
          { type: 'connection.made', outcome: { kind: 'credentials', credentials: saved } },
        ],
        'provider.updated': [
          { type: 'provider.updated', provider: { id: 3, version: 9, externalId: 'blvd-old' } },
        ],
        'stale.reload': [{ type: 'stale.reload' }],
        'stale.dismiss': [{ type: 'stale.dismiss' }],
      },
      outputs: { loadConnection: [loaded], applyConnection: [applied] },
      errors: { applyConnection: [stale, new Error('500')] },
      serializeState: (snapshot) =>
        JSON.stringify([snapshot.value, snapshot.context.credentials?.id ?? null, snapshot.context.provider]),
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
