import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
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

function start(input: ApiLocationInput, options: { loadFails?: boolean; saveFails?: boolean } = {}) {
  const saved: AssociateInput[] = [];
  const actor = createActor(
    apiLocationMachine.provide({
      actors: {
        loadLocations: fromPromise(async () => {
          if (options.loadFails) throw new Error('422');
          return [LOCATION, { ...LOCATION, id: 'mb-2', name: 'Ballard' }];
        }),
        associateLocation: fromPromise(async ({ input: call }: { input: AssociateInput }) => {
          saved.push(call);
          if (options.saveFails) throw new Error('500');
          return { id: call.locationId } as unknown as Location;
        }),
      },
    }),
    { input },
  );
  const notices: Notice[] = [];
  actor.on('notify', (event) => notices.push(event));
  actor.start();
  return { actor, saved, notices };
}

const input: ApiLocationInput = { providerId: 3, locationId: 5, current: null };

describe('API location association machine', () => {
  it("saves the chosen system location as the location's externalLocationId", async () => {
    const { actor, saved } = start(input);
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'association.submit' });
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'location.choose', id: 'mb-2' });
    actor.send({ type: 'association.submit' });
    await waitFor(actor, (s) => s.matches('associated'));
    expect(saved).toEqual([{ locationId: 5, externalLocationId: 'mb-2' }]);
    expect(actor.getSnapshot().context.current).toBe('mb-2');
  });

  it("'Location can not be found' without a location or a readable list; a failed save says so", async () => {
    const none = start({ ...input, locationId: null });
    await waitFor(none.actor, (s) => s.matches('missing'));
    expect(none.notices.map((n) => n.message)).toEqual(['Location can not be found']);
    const unreadable = start(input, { loadFails: true });
    await waitFor(unreadable.actor, (s) => s.matches('missing'));
    expect(unreadable.notices.map((n) => n.message)).toEqual(['Location can not be found']);

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
          },
          outputs: { loadLocations: [[LOCATION]], associateLocation: [{ id: 5 }] },
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
