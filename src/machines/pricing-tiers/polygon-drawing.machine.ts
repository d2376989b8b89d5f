/**
 * Drawing a tier's polygons on the Map tab (01 §2, §5, §7; issue 13).
 *
 *   idle ──draw.complete [crosses itself] (refused, message)──► idle
 *     │  ──draw.complete / outline.add──► naming ──polygon.save [no name] ('A polygon needs a name…')──► naming
 *     │                                     │ └──polygon.save [named]──► saving ──done ('Saved polygon')──► idle
 *     │                                     └──draw.cancel──► idle          └─error (server message)──► naming
 *     └──polygon.delete──► confirmingDelete ──delete.confirm──► deleting ──done ('Deleted polygon')──► idle
 *                               └──delete.cancel──► idle           └─error (server message)──► idle
 *
 * Why the guard at draw.complete: a polygon whose edges cross itself has no clear inside, so it is refused
 * before it is sent, with the same rule the server applies. Failures show the server's message (01 §8).
 */
import { type Notice, type NoticeParams, notice, notifying } from '../shared/notice';
import { placeholder } from '../shared/placeholder';
import { assign, emit, setup } from 'xstate';
import type { Polygon } from '../../api/contract/price-tier';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import { errorMessageOrNull } from '../shared/errors';
import { checkRing, closeRing, type Position } from '../../domain/pricing-tiers/geometry';

export interface PolygonDrawingContext {
  tierId: number;
  /** The drawn (or city) outline waiting for a name and a save. */
  points: Position[] | null;
  name: string;
  nameError: string | null;
  /** Why the last drawing or request was refused. */
  error: string | null;
  /** The saved polygon being deleted (by name, as the API deletes). */
  deleteName: string | null;
}

export type PolygonDrawingEvent =
  | { type: 'draw.complete'; points: Position[] }
  | { type: 'outline.add'; name: string; points: Position[] }
  | { type: 'name.change'; value: string }
  | { type: 'polygon.save' }
  | { type: 'draw.cancel' }
  | { type: 'polygon.delete'; name: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

export type PolygonDrawingEmitted =
  | Notice
  | { type: 'polygon.saved'; polygon: Polygon }
  | { type: 'polygon.deleted'; name: string }
  /** The drawn shape was refused or dropped: the map removes it from the drawing layer. */
  | { type: 'drawing.cleared' };

export interface SavePolygonInput {
  priceTierId: number;
  name: string;
  points: Position[];
}

export interface DeletePolygonInput {
  priceTierId: number;
  name: string;
}

const messageOf = (error: unknown) => errorMessageOrNull(error) || 'The request failed.';

function ringProblem(points: Position[]): string | null {
  const checked = checkRing(closeRing(points));
  return checked.ok ? null : checked.message;
}

export const polygonDrawingMachine = setup({
  types: {
    input: {} as { tierId: number },
    context: {} as PolygonDrawingContext,
    events: {} as PolygonDrawingEvent,
    emitted: {} as PolygonDrawingEmitted,
  },
  actors: {
    savePolygon: placeholder<Polygon, SavePolygonInput>('savePolygon'),
    deletePolygon: placeholder<void, DeletePolygonInput>('deletePolygon'),
  },
  guards: {
    isRefusedShape: ({ event }) =>
      (event.type === 'draw.complete' || event.type === 'outline.add') && ringProblem(event.points) !== null,
    isNameMissing: ({ context }) => context.name.trim() === '',
  },
  actions: {
    notify: emit((_, params: NoticeParams) => notice(params.level, params.message)),
    refuseShape: assign(({ event }) => ({
      error:
        event.type === 'draw.complete' || event.type === 'outline.add' ? ringProblem(event.points) : null,
      points: null,
    })),
    clearDrawing: emit({ type: 'drawing.cleared' as const }),
  },
}).createMachine({
  id: 'polygonDrawing',
  context: ({ input }) => ({
    tierId: input.tierId,
    points: null,
    name: '',
    nameError: null,
    error: null,
    deleteName: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'draw.complete': [
          { guard: 'isRefusedShape', actions: ['refuseShape', 'clearDrawing'] },
          {
            target: 'naming',
            actions: assign({
              points: ({ event }) => closeRing(event.points),
              name: '',
              nameError: null,
              error: null,
            }),
          },
        ],
        'outline.add': [
          { guard: 'isRefusedShape', actions: 'refuseShape' },
          {
            target: 'naming',
            actions: assign({
              points: ({ event }) => closeRing(event.points),
              name: ({ event }) => event.name,
              nameError: null,
              error: null,
            }),
          },
        ],
        'polygon.delete': {
          target: 'confirmingDelete',
          actions: assign({ deleteName: ({ event }) => event.name, error: null }),
        },
      },
    },
    naming: {
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.value, nameError: null }) },
        'polygon.save': [
          {
            guard: 'isNameMissing',
            actions: assign({ nameError: PRICE_TIER_MESSAGES.polygonNameRequired }),
          },
          { target: 'saving', actions: assign({ error: null }) },
        ],
        'draw.cancel': {
          target: 'idle',
          actions: [assign({ points: null, name: '', nameError: null, error: null }), 'clearDrawing'],
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'savePolygon',
        input: ({ context }) => ({
          priceTierId: context.tierId,
          name: context.name.trim(),
          points: context.points ?? [],
        }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ event }) => ({ type: 'polygon.saved' as const, polygon: event.output })),
            assign({ points: null, name: '' }),
            'clearDrawing',
            notifying('success', PRICE_TIER_MESSAGES.polygonSaved),
          ],
        },
        onError: {
          target: 'naming',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error) }),
            { type: 'notify', params: ({ event }) => ({ level: 'error', message: messageOf(event.error) }) },
          ],
        },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'idle', actions: assign({ deleteName: null }) },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deletePolygon',
        input: ({ context }) => ({ priceTierId: context.tierId, name: context.deleteName ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({ type: 'polygon.deleted' as const, name: context.deleteName ?? '' })),
            assign({ deleteName: null }),
            notifying('success', PRICE_TIER_MESSAGES.polygonDeleted),
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => messageOf(event.error), deleteName: null }),
            { type: 'notify', params: ({ event }) => ({ level: 'error', message: messageOf(event.error) }) },
          ],
        },
      },
    },
  },
});
