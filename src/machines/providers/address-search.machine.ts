/**
 * Address autocomplete of Manage Location (spec 02 §5, §7, §9): typing waits 200 ms of quiet before asking the
 * place-search service; picking a suggestion fetches the place's address components and coordinates.
 *
 *   idle ──text.change [text]──► waiting ──after 200 ms──► searching ──done──► results ──suggestion.pick──► picking
 *    ▲       text.change (restarts the wait)                   └─error──► failed (manual entry)           │
 *    └──────────── text.change [blank] from any state                                                      │
 *   picking ──done [complete] (emits address.picked)──► picked
 *           ──done [missing parts] (emits address.picked with what was found)──► incomplete (manual entry)
 *           ──error──► failed (manual entry)
 *
 * Why `failed` and `incomplete`: an autocomplete failure prompts manual entry with the spec's message; the
 * fields below stay editable, and whatever the place did give is still written into them.
 */
import { assign, emit, setup } from 'xstate';
import type { Place, PlaceSuggestion } from '../../api/contract/geo';
import { isPlaceComplete } from '../../domain/providers/provider-draft';
import { PLACE_SEARCH_DEBOUNCE_MS } from '../../domain/shared/constants';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { placeholder } from '../shared/placeholder';

export const ADDRESS_NO_MATCH = 'No addresses match that search.';

export interface AddressSearchContext {
  text: string;
  suggestions: PlaceSuggestion[];
  /** The message under the box: nothing matched, or the prompt to enter the address by hand. */
  message: string | null;
  chosen: PlaceSuggestion | null;
}

export type AddressSearchEvent =
  { type: 'text.change'; text: string } | { type: 'suggestion.pick'; suggestion: PlaceSuggestion };

export type AddressSearchEmitted = { type: 'address.picked'; place: Place };

export const addressSearchMachine = setup({
  types: {
    context: {} as AddressSearchContext,
    events: {} as AddressSearchEvent,
    emitted: {} as AddressSearchEmitted,
  },
  actors: {
    searchAddresses: placeholder<PlaceSuggestion[], { text: string }>('searchAddresses'),
    placeDetails: placeholder<Place, { placeId: string }>('placeDetails'),
  },
  guards: {
    isBlank: ({ event }) => event.type === 'text.change' && event.text.trim() === '',
    isComplete: ({ event }) => isPlaceComplete((event as unknown as { output: Place }).output),
  },
  actions: {
    emitPicked: emit(({ event }) => ({
      type: 'address.picked' as const,
      place: (event as unknown as { output: Place }).output,
    })),
    promptManualEntry: assign({ message: PROVIDER_MESSAGES.addressManual }),
  },
  delays: { debounce: PLACE_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'addressSearch',
  context: { text: '', suggestions: [], message: null, chosen: null },
  initial: 'idle',
  on: {
    'text.change': [
      {
        guard: 'isBlank',
        target: '.idle',
        actions: assign({ text: ({ event }) => event.text, suggestions: [], message: null }),
      },
      {
        target: '.waiting',
        reenter: true,
        actions: assign({ text: ({ event }) => event.text, message: null }),
      },
    ],
  },
  states: {
    idle: {},
    waiting: { after: { debounce: 'searching' } },
    searching: {
      tags: ['busy'],
      invoke: {
        src: 'searchAddresses',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: {
          target: 'results',
          actions: assign({
            suggestions: ({ event }) => event.output,
            message: ({ event }) => (event.output.length === 0 ? ADDRESS_NO_MATCH : null),
          }),
        },
        onError: { target: 'failed', actions: [assign({ suggestions: [] }), 'promptManualEntry'] },
      },
    },
    results: {
      on: {
        'suggestion.pick': {
          target: 'picking',
          actions: assign({ chosen: ({ event }) => event.suggestion }),
        },
      },
    },
    picking: {
      tags: ['busy'],
      invoke: {
        src: 'placeDetails',
        input: ({ context }) => ({ placeId: context.chosen?.placeId ?? '' }),
        onDone: [
          {
            guard: 'isComplete',
            target: 'picked',
            actions: [
              'emitPicked',
              assign({ suggestions: [], text: ({ event }) => event.output.formattedAddress }),
            ],
          },
          { target: 'incomplete', actions: ['emitPicked', assign({ suggestions: [] }), 'promptManualEntry'] },
        ],
        onError: { target: 'failed', actions: [assign({ suggestions: [] }), 'promptManualEntry'] },
      },
    },
    picked: {},
    incomplete: {},
    failed: {},
  },
});
