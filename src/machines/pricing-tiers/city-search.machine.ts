/**
 * The city search of the Map tab (01 §2, §9): typing waits 200 ms of quiet before asking the place-search
 * service; choosing a city fetches its outline from the street-search service.
 *
 *   idle ──text.change [text]──► waiting ──after 200 ms──► searching ──done──► results ──place.choose──► outlining
 *    ▲ ▲      text.change (restarts the wait)  │ text.change ──► waiting     └─error──► failed       │
 *    │ └──────────────── text.change [blank] from any state ──────────────────────────────────────┘
 *    └── outlining ──done (emits city.chosen)──► chosen ; error ──► outlineFailed
 *
 * Why waiting: one request per pause in typing, not one per key; a change while a search is in flight drops
 * that search (the invoke is stopped), so an old answer never replaces a newer one.
 */
import { placeholder } from '../shared/placeholder';
import { assign, emit, setup } from 'xstate';
import { PLACE_SEARCH_DEBOUNCE_MS } from '../../domain/shared/constants';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import type { Position } from '../../domain/pricing-tiers/geometry';

/** 01 §9: place search debounce, the same for every place search. */
export const CITY_SEARCH_DEBOUNCE_MS = PLACE_SEARCH_DEBOUNCE_MS;

export interface Place {
  placeId: string;
  description: string;
}

export interface CitySearchContext {
  text: string;
  results: Place[];
  error: string | null;
  chosen: Place | null;
}

export type CitySearchEvent = { type: 'text.change'; text: string } | { type: 'place.choose'; place: Place };

export type CitySearchEmitted = { type: 'city.chosen'; place: Place; outline: Position[] };

export const citySearchMachine = setup({
  types: {
    context: {} as CitySearchContext,
    events: {} as CitySearchEvent,
    emitted: {} as CitySearchEmitted,
  },
  actors: {
    searchPlaces: placeholder<Place[], { text: string }>('searchPlaces'),
    cityOutline: placeholder<Position[], { placeId: string }>('cityOutline'),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'text.change' && event.text.trim() === '',
  },
  delays: {
    debounce: CITY_SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'citySearch',
  context: { text: '', results: [], error: null, chosen: null },
  initial: 'idle',
  on: {
    'text.change': [
      {
        guard: 'isBlank',
        target: '.idle',
        actions: assign({ text: ({ event }) => event.text, results: [], error: null }),
      },
      {
        target: '.waiting',
        reenter: true,
        actions: assign({ text: ({ event }) => event.text, error: null }),
      },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchPlaces',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: {
          target: 'results',
          actions: assign({
            results: ({ event }) => event.output,
            error: ({ event }) => (event.output.length === 0 ? PRICE_TIER_MESSAGES.noCities : null),
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ results: [], error: PRICE_TIER_MESSAGES.citySearchFailed }),
        },
      },
    },
    results: {
      on: {
        'place.choose': { target: 'outlining', actions: assign({ chosen: ({ event }) => event.place }) },
      },
    },
    failed: {},
    outlining: {
      tags: ['busy'],
      invoke: {
        src: 'cityOutline',
        input: ({ context }) => ({ placeId: context.chosen?.placeId ?? '' }),
        onDone: {
          target: 'chosen',
          actions: [
            emit(({ context, event }) => ({
              type: 'city.chosen' as const,
              place: context.chosen as Place,
              outline: event.output,
            })),
            assign({ results: [] }),
          ],
        },
        onError: {
          target: 'outlineFailed',
          actions: assign({ error: PRICE_TIER_MESSAGES.outlineFailed }),
        },
      },
    },
    chosen: {},
    outlineFailed: {
      on: {
        'place.choose': {
          target: 'outlining',
          actions: assign({ chosen: ({ event }) => event.place, error: null }),
        },
      },
    },
  },
});
