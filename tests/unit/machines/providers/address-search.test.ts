import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Place, PlaceSuggestion } from '../../../../src/api/contract/geo';
import { PROVIDER_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  ADDRESS_NO_MATCH,
  addressSearchMachine,
  type AddressSearchEmitted,
} from '../../../../src/machines/providers/address-search.machine';
import { addressSearchView } from '../../../../src/machines/providers/provider-manage.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const suggestion: PlaceSuggestion = {
  placeId: 'addr:1234%20Montana%20Ave|zip:90403',
  description: '1234 Montana Ave, Santa Monica, CA 90403, US',
  mainText: '1234 Montana Ave',
  secondaryText: 'Santa Monica, CA 90403, US',
};
const full: Place = {
  placeId: suggestion.placeId,
  formattedAddress: suggestion.description,
  streetAddress: '1234 Montana Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90403',
  country: 'US',
  coordinates: { lat: 34.03, lng: -118.49 },
};
const cityOnly: Place = { ...full, placeId: 'city:CA:Santa Monica', streetAddress: null, zip: null };

function start(
  outcomes: { search?: Error; results?: PlaceSuggestion[]; place?: Place; placeError?: Error } = {},
) {
  const searches: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    addressSearchMachine.provide({
      actors: {
        searchAddresses: fromPromise(async ({ input }: { input: { text: string } }) => {
          searches.push(input.text);
          if (outcomes.search) throw outcomes.search;
          return outcomes.results ?? [suggestion];
        }),
        placeDetails: fromPromise(async () => {
          if (outcomes.placeError) throw outcomes.placeError;
          return outcomes.place ?? full;
        }),
      },
    }),
    { clock },
  );
  const emitted: AddressSearchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, searches, emitted, view: () => addressSearchView(actor.getSnapshot()) };
}

async function searchFor(run: ReturnType<typeof start>, text: string) {
  run.actor.send({ type: 'text.change', text });
  run.clock.increment(200);
  await waitFor(run.actor, (s) => !s.matches('searching') && !s.matches('waiting'));
}

describe('address search machine', () => {
  it('searches after 200 ms of quiet and hands on a complete place', async () => {
    const run = start();
    run.actor.send({ type: 'text.change', text: '1234 Mon' });
    run.clock.increment(199);
    expect(run.searches).toEqual([]);
    await searchFor(run, '1234 Montana');
    expect(run.searches).toEqual(['1234 Montana']);
    expect(run.view().suggestions).toEqual([suggestion]);
    run.actor.send({ type: 'suggestion.pick', suggestion });
    await waitFor(run.actor, (s) => s.matches('picked'));
    expect(run.emitted).toEqual([{ type: 'address.picked', place: full }]);
    expect(run.view()).toMatchObject({ message: null, suggestions: [], text: full.formattedAddress });
  });

  it('a place without its components prompts manual entry with the spec words, and still fills what it has', async () => {
    const run = start({ place: cityOnly });
    await searchFor(run, 'Santa Monica');
    run.actor.send({ type: 'suggestion.pick', suggestion });
    await waitFor(run.actor, (s) => s.matches('incomplete'));
    expect(run.view().message).toBe(PROVIDER_MESSAGES.addressManual);
    expect(run.emitted).toEqual([{ type: 'address.picked', place: cityOnly }]);
  });

  it('a failed search or place lookup prompts manual entry; nothing found says so', async () => {
    const down = start({ search: new Error('offline') });
    await searchFor(down, 'Santa');
    expect(down.view().message).toBe(PROVIDER_MESSAGES.addressManual);

    const none = start({ results: [] });
    await searchFor(none, 'Zzz');
    expect(none.view().message).toBe(ADDRESS_NO_MATCH);

    const lost = start({ placeError: new Error('gone') });
    await searchFor(lost, 'Santa');
    lost.actor.send({ type: 'suggestion.pick', suggestion });
    await waitFor(lost.actor, (s) => s.matches('failed'));
    expect(lost.view().message).toBe(PROVIDER_MESSAGES.addressManual);
    expect(lost.emitted).toEqual([]);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(addressSearchMachine, {
      events: {
        'text.change': [
          { type: 'text.change', text: 'Santa' },
          { type: 'text.change', text: ' ' },
        ],
        'suggestion.pick': [{ type: 'suggestion.pick', suggestion }],
      },
      outputs: { searchAddresses: [[suggestion]], placeDetails: [full, cityOnly] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
