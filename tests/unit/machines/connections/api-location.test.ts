import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Location } from '../../../../src/api/contract/provider';
import {
  apiLocationMachine,
  type ApiLocationInput,
  type AssociateInput,
} from '../../../../src/machines/connections/api-location.machine';
import type { Notice } from '../../../../src/machines/shared/notice';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from '../onboarding/fixtures';
import { LOCATION } from './fixtures';

const stale = new ApiRequestError(409, 'record/stale', RECORD_STALE_MESSAGE, 'version');

function start(
  input: ApiLocationInput,
  options: { loadFails?: Error; saveFails?: boolean; staleOnce?: boolean } = {},
) {
  const saved: AssociateInput[] = [];
  const actor = createActor(
    apiLocationMachine.provide({
      actors: {
        loadLocations: fromPromise(async () => {
          if (options.loadFails) throw options.loadFails;
          return [LOCATION, { ...LOCATION, id: 'mb-2', name: 'Ballard' }];
        }),
        associateLocation: fromPromise(async ({ input: call }: { input: AssociateInput }) => {
          saved.push(call);
          if (options.saveFails) throw new Error('500');
          if (options.staleOnce && saved.length === 1) throw stale;
          return { id: call.locationId, version: call.version + 1 } as unknown as Location;
        }),
        reloadLocation: fromPromise(
          async () => ({ id: 5, version: 4, externalLocationId: 'mb-1' }) as unknown as Location,
        ),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, saved, notices };
}

const input: ApiLocationInput = { providerId: 3, locationId: 5, current: null, locationVersion: 2 };

describe('API location association machine', () => {
  it("saves the chosen system location as the location's externalLocationId", async () => {
    const { actor, saved } = start(input);
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'association.submit' });
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'location.choose', id: 'mb-2' });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('associated'));
    expect(saved).toEqual([{ locationId: 5, externalLocationId: 'mb-2', version: 2 }]);
    expect(actor.getSnapshot().context).toMatchObject({ current: 'mb-2', locationVersion: 3 });
    // A second save in a row sends the version the first one answered.
    actor.send({ type: 'location.choose', id: 'mb-1' });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('associated') && saved.length === 2);
    expect(saved[1]).toEqual({ locationId: 5, externalLocationId: 'mb-1', version: 3 });
  });

  it('announces each save and reload; takes a newer version another writer of the location saved', async () => {
    const { actor, saved } = start(input, { staleOnce: true });
    const announced: Location[] = [];
    actor.on('location.saved', (event) => announced.push(event.location));
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'location.updated', location: { version: 7 } });
    actor.send({ type: 'location.updated', location: { version: 1 } });
    expect(actor.getSnapshot().context.locationVersion).toBe(7);
    actor.send({ type: 'location.choose', id: 'mb-2' });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('associated'));
    expect(saved.map((call) => call.version)).toEqual([7, 4]);
    expect(announced.map((location) => location.version)).toEqual([4, 5]);
    // Without a location there is no version to follow.
    const none = start({ ...input, locationId: null, locationVersion: null });
    await waitFor(none.actor, (s) => s.matches('missing'));
    none.actor.send({ type: 'location.updated', location: { version: 9 } });
    expect(none.actor.getSnapshot().context.locationVersion).toBeNull();
  });

  it('a stale save offers Reload, which takes the fresh version and keeps the choice', async () => {
    const { actor, saved, notices } = start(input, { staleOnce: true });
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'location.choose', id: 'mb-2' });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(notices).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('picking'));
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: 'mb-2',
      current: 'mb-1',
      locationVersion: 4,
    });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('associated'));
    expect(saved.map((call) => call.version)).toEqual([2, 4]);
  });

  it("'Location can not be found' in place, with why, without a location or a readable list; a failed save says so", async () => {
    const none = start({ ...input, locationId: null });
    await waitFor(none.actor, (s) => s.matches('missing'));
    expect(none.actor.getSnapshot().context.failure).toBe('no-location');
    const refused = new ApiRequestError(422, 'strategy/credentials-rejected', 'refused', 'provider');
    const unreadable = start(input, { loadFails: refused });
    await waitFor(unreadable.actor, (s) => s.matches('missing'));
    expect(unreadable.actor.getSnapshot().context.failure).toBe('refused');
    const down = start(input, {
      loadFails: new ApiRequestError(502, 'strategy/unavailable', 'no answer', 'provider'),
    });
    await waitFor(down.actor, (s) => s.matches('missing'));
    expect(down.actor.getSnapshot().context.failure).toBe('unavailable');
    // Shown in place, not as a toast as well.
    expect([...none.notices, ...unreadable.notices, ...down.notices]).toEqual([]);
    down.actor.send({ type: 'association.retry' });
    expect(down.actor.getSnapshot().context.failure).toBeNull();

    const failing = start({ ...input, current: 'mb-1' }, { saveFails: true });
    await waitFor(failing.actor, (s) => s.matches('picking'));
    failing.actor.send({ type: 'association.submit' });
    await waitFor(failing.actor, (s) => s.matches('picking') && failing.notices.length > 0);
    expect(failing.notices.map((n) => n.message)).toEqual(['There was an error associating location']);
    expect(failing.actor.getSnapshot().context.chosen).toBe('mb-1');
  });

  it('walks every state and transition', async () => {
    const reports = [];
    for (const walk of [input, { ...input, locationId: null }]) {
      reports.push(
        await coverMachine(apiLocationMachine, {
          input: walk,
          events: {
            'location.choose': [{ type: 'location.choose', id: 'mb-1' }],
            'association.submit': [{ type: 'association.submit' }],
            'association.retry': [{ type: 'association.retry' }],
            'stale.reload': [{ type: 'stale.reload' }],
            'stale.dismiss': [{ type: 'stale.dismiss' }],
            'location.updated': [{ type: 'location.updated', location: { version: 9 } }],
          },
          outputs: {
            loadLocations: [[LOCATION]],
            associateLocation: [{ id: 5, version: 3 }],
            reloadLocation: [{ id: 5, version: 4, externalLocationId: 'mb-1' }],
          },
          errors: { associateLocation: [stale, new Error('500')] },
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
