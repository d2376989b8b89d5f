/**
 * A section's read with its retry, written once:
 *
 *   loading ──done──► <done.target> (the machine's action keeps the output)
 *      └──error──► failed (an error notice) ──<retry>──► loading
 *
 * A machine spreads `loadRetryStates({...})` into a section whose initial state is `loading`. Actions are
 * named actions of the machine; the failure's notice goes through the machine's `notify` (`notifying`).
 */
import type { AnyStateNodeConfig } from 'xstate';
import { notifying } from './notice';

export interface LoadRetryOptions<TInput, TDoneActions> {
  /** The actor that reads (invoked in `loading`). */
  actor: string;
  input: TInput;
  /** Where a read goes and the actions that keep what it read. */
  done: { target: string; actions: TDoneActions };
  /** The error notice of a failed read. */
  failedMessage: string;
  /** The event that reads again from `failed`. */
  retry: string;
}

export function loadRetryStates<TInput, TDoneActions>(
  options: LoadRetryOptions<TInput, TDoneActions>,
): Record<'loading' | 'failed', AnyStateNodeConfig> {
  return {
    loading: {
      invoke: {
        src: options.actor,
        input: options.input,
        onDone: options.done,
        onError: { target: 'failed', actions: notifying('error', options.failedMessage) },
      },
    } as AnyStateNodeConfig,
    failed: { on: { [options.retry]: 'loading' } },
  };
}
