/**
 * The mapping editor's bulk edit dialog (spec 02 §2, §4: "A bulk edit dialog creates many mappings"). It
 * opens with the external service items not mapped yet; each may be given one of our items or bundles, and
 * Save creates a mapping for every entry given one, one request after another. Each created mapping leaves
 * with `mappings.created` (the rows machine adds it) and drops out of the dialog, so a refusal part-way
 * (its server message shown, e.g. 'Failed to save: Mapping for service_item already exists') keeps only
 * what is left, with its choices, and the next Save sends only that. All saved: 'Created Mapping', closed.
 *
 *   closed ─bulk.open─► editing ─bulk.save [an entry chosen]─► saving ─done [more]─► saving
 *     ▲                   │  ▲                                   ├─done [none left]─► closed
 *     └────bulk.close─────┘  └──────────────error────────────────┘
 */
import { assign, emit, setup } from 'xstate';
import type { ProviderServiceItem, ProviderServiceItemInput } from '../../api/contract/provider-svc-item';
import { mappingTargetBody, type MappingSection, type MappingTarget } from '../../domain/mappings/mappings';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { errorMessage } from '../shared/errors';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

/** One external service item in the dialog, with the target chosen for it (and that target's section). */
export interface BulkEntry {
  externalId: string;
  name: string;
  target: MappingTarget | null;
  section: MappingSection | null;
}

export interface MappingBulkEditContext {
  locationId: number;
  entries: BulkEntry[];
  /** The entry being saved is the first chosen one; this says whether any save has been refused. */
  failed: string | null;
}

/** A created mapping with the section its row goes in. */
export interface MappingsCreated {
  type: 'mappings.created';
  mapping: ProviderServiceItem;
  section: MappingSection;
}

export type MappingBulkEditEvent =
  | { type: 'bulk.open'; entries: BulkEntry[] }
  | { type: 'entry.change'; externalId: string; target: MappingTarget | null; section: MappingSection | null }
  | { type: 'bulk.save' }
  | { type: 'bulk.close' };

const chosen = (context: MappingBulkEditContext) => context.entries.filter((entry) => entry.target !== null);

export const mappingBulkEditMachine = setup({
  types: {
    input: {} as { locationId: number },
    context: {} as MappingBulkEditContext,
    events: {} as MappingBulkEditEvent,
    emitted: {} as Notice | MappingsCreated,
  },
  actors: {
    createMapping: placeholder<ProviderServiceItem, ProviderServiceItemInput>('createMapping'),
  },
  guards: {
    hasChosen: ({ context }) => chosen(context).length > 0,
  },
}).createMachine({
  id: 'mappingBulkEdit',
  context: ({ input }) => ({ locationId: input.locationId, entries: [], failed: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'bulk.open': {
          target: 'editing',
          actions: assign({ entries: ({ event }) => event.entries, failed: null }),
        },
      },
    },
    editing: {
      on: {
        'entry.change': {
          actions: assign({
            entries: ({ context, event }) =>
              context.entries.map((entry) =>
                entry.externalId === event.externalId
                  ? { ...entry, target: event.target, section: event.section }
                  : entry,
              ),
          }),
        },
        'bulk.save': { guard: 'hasChosen', target: 'saving', actions: assign({ failed: null }) },
        'bulk.close': { target: 'closed', actions: assign({ entries: [], failed: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'createMapping',
        input: ({ context }): ProviderServiceItemInput => {
          const entry = chosen(context)[0];
          return {
            externalId: entry?.externalId ?? '',
            locationId: context.locationId,
            ...(entry?.target ? mappingTargetBody(entry.target) : {}),
          };
        },
        onDone: {
          target: 'saved',
          actions: [
            emit(({ context, event }) => ({
              type: 'mappings.created' as const,
              mapping: event.output,
              section: chosen(context)[0]?.section ?? 'Bundles',
            })),
            assign({
              entries: ({ context }) => {
                const done = chosen(context)[0];
                return context.entries.filter((entry) => entry !== done);
              },
            }),
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            emit(({ event }) => notice('error', errorMessage(event.error))),
            assign({ failed: ({ context }) => chosen(context)[0]?.externalId ?? null }),
          ],
        },
      },
    },
    saved: {
      description: 'One mapping created: the next chosen entry, or done.',
      always: [
        { guard: 'hasChosen', target: 'saving' },
        {
          target: 'closed',
          actions: [emit(() => notice('success', PROVIDER_MESSAGES.mappingCreated)), assign({ entries: [] })],
        },
      ],
    },
  },
});
