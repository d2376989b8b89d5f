/**
 * The confirm-delete sub-flow, written once:
 *
 *   <from> ──<record>.delete──► confirmingDelete ──delete.confirm──► deleting ──done──► <done>
 *                                     └──delete.cancel──► <back>          └──error──► <back>
 *
 * A machine spreads `confirmDeleteStates({...})` into its states and sends `<record>.delete` to
 * `confirmingDelete`; the screen shows the shared ConfirmDialog while `confirmingDelete` or tag `deleting`.
 * Events: `delete.confirm`, `delete.cancel`. Actions are named (or parameterised) actions of the machine.
 */
import type { AnyStateNodeConfig } from 'xstate';

export type ConfirmDeleteEvent = { type: 'delete.confirm' } | { type: 'delete.cancel' };

export interface ConfirmDeleteOptions<TInput, TConfirm, TDone, TError> {
  /** The actor that deletes (invoked in `deleting`). */
  actor: string;
  input: TInput;
  /** Where cancel and a failed delete go back to. */
  back: string;
  /** Actions when the delete is confirmed (e.g. clearing an earlier failure). */
  confirmActions?: TConfirm;
  /** Actions when the delete is cancelled (e.g. forgetting which record was picked). */
  cancelActions?: TConfirm;
  /** The tags of `deleting` (default `['deleting']`). */
  tags?: readonly string[];
  onDone: TDone;
  onError: TError;
  description?: string;
}

export function confirmDeleteStates<TInput, TConfirm, TDone, TError>(
  options: ConfirmDeleteOptions<TInput, TConfirm, TDone, TError>,
): Record<'confirmingDelete' | 'deleting', AnyStateNodeConfig> {
  return {
    confirmingDelete: {
      ...(options.description ? { description: options.description } : {}),
      on: {
        'delete.confirm':
          options.confirmActions === undefined
            ? { target: 'deleting' }
            : { target: 'deleting', actions: options.confirmActions },
        'delete.cancel':
          options.cancelActions === undefined
            ? options.back
            : { target: options.back, actions: options.cancelActions },
      },
    },
    deleting: {
      tags: [...(options.tags ?? ['deleting'])],
      invoke: {
        src: options.actor,
        input: options.input,
        onDone: options.onDone,
        onError: options.onError,
      } as AnyStateNodeConfig['invoke'],
    },
  };
}
