import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Position } from '../../../../src/domain/pricing-tiers/geometry';
import {
  CITY_SEARCH_DEBOUNCE_MS,
  citySearchMachine,
  type CitySearchEmitted,
  type Place,
} from '../../../../src/machines/pricing-tiers/city-search.machine';
import { citySearchView } from '../../../../src/machines/pricing-tiers/city-search.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const austin: Place = { placeId: 'zip-78701', description: 'Austin, TX' };
const outline: Position[] = [
  [-98, 30],
  [-97.5, 30],
  [-97.5, 30.5],
  [-98, 30],
];

function start(outcomes: { search?: Error; outline?: Error; results?: Place[] } = {}) {
  const searches: string[] = [];
  const outlines: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    citySearchMachine.provide({
      actors: {
        searchPlaces: fromPromise(async ({ input }: { input: { text: string } }) => {
          searches.push(input.text);
          if (outcomes.search) throw outcomes.search;
          return outcomes.results ?? [austin];
        }),
        cityOutline: fromPromise(async ({ input }: { input: { placeId: string } }) => {
          outlines.push(input.placeId);
          if (outcomes.outline) throw outcomes.outline;
          return outline;
        }),
      },
    }),
    { clock },
  );
  const emitted: CitySearchEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, searches, outlines, emitted, view: () => citySearchView(actor.getSnapshot()) };
}

describe('city search machine', () => {
  it('waits 200 ms of quiet typing, then searches once with the last text', async () => {
    expect(CITY_SEARCH_DEBOUNCE_MS).toBe(200);
    const { actor, clock, searches, view } = start();
    actor.send({ type: 'text.change', text: 'Au' });
    clock.increment(150);
    actor.send({ type: 'text.change', text: 'Aus' });
    clock.increment(150);
    actor.send({ type: 'text.change', text: 'Austin ' });
    clock.increment(199);
    expect(searches).toEqual([]);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(view().busy).toBe(true);
    await waitFor(actor, (s) => s.matches('results'));
    expect(searches).toEqual(['Austin']);
    expect(view().results).toEqual([austin]);
  });

  it('a blank box stops the search and clears the list', async () => {
    const { actor, clock, searches, view } = start();
    actor.send({ type: 'text.change', text: 'Aus' });
    actor.send({ type: 'text.change', text: '  ' });
    clock.increment(500);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(searches).toEqual([]);
    expect(view().results).toEqual([]);
  });

  it('says when nothing matches and when the service fails', async () => {
    const none = start({ results: [] });
    none.actor.send({ type: 'text.change', text: 'Zzz' });
    none.clock.increment(200);
    await waitFor(none.actor, (s) => s.matches('results'));
    expect(none.view().message).toBe('No cities match that search.');

    const down = start({ search: new Error('offline') });
    down.actor.send({ type: 'text.change', text: 'Austin' });
    down.clock.increment(200);
    await waitFor(down.actor, (s) => s.matches('failed'));
    expect(down.view().message).toBe('City search is not available right now. Try again in a moment.');
  });

  it('choosing a city fetches its outline and hands both on', async () => {
    const { actor, clock, outlines, emitted, view } = start();
    actor.send({ type: 'text.change', text: 'Austin' });
    clock.increment(200);
    await waitFor(actor, (s) => s.matches('results'));
    actor.send({ type: 'place.choose', place: austin });
    await waitFor(actor, (s) => s.matches('chosen'));
    expect(outlines).toEqual(['zip-78701']);
    expect(emitted).toEqual([{ type: 'city.chosen', place: austin, outline }]);
    expect(view()).toMatchObject({ chosen: austin, results: [] });
  });

  it('a failed outline keeps the list so another city can be chosen', async () => {
    const { actor, clock, view } = start({ outline: new Error('no shape') });
    actor.send({ type: 'text.change', text: 'Austin' });
    clock.increment(200);
    await waitFor(actor, (s) => s.matches('results'));
    actor.send({ type: 'place.choose', place: austin });
    await waitFor(actor, (s) => s.matches('outlineFailed'));
    expect(view()).toMatchObject({
      message: 'The outline of that city could not be loaded.',
      results: [austin],
    });
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(citySearchMachine, {
      events: {
        'text.change': [
          { type: 'text.change', text: 'Austin' },
          { type: 'text.change', text: ' ' },
        ],
        'place.choose': [{ type: 'place.choose', place: austin }],
      },
      outputs: { searchPlaces: [[austin]], cityOutline: [outline] },
    });
    recordCoverage(report);
    assertFullCoverage(report);
  });
});
