/**
 * `useFlow(machine, { input, actors })`: runs a flow's machine with the actors its factory built
 * (`create<Flow>Actors(api)` beside the machine) and turns the machine's notices (`{ type: 'notify', level,
 * message }`, src/machines/shared/notice.ts) into toasts. The actors are bound once, when the screen mounts, and
 * a request they call off is never the flow's failure (`ignoringCancellations`, src/app/cancellation.ts).
 */
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Actor, AnyStateMachine, InputFrom, InspectionEvent } from 'xstate';
import { notice, UNDO_LABEL, type Notice } from '../machines/shared/notice';
import { dismissNotice, notify } from '../ui/kit/notify';
import { ignoringCancellations } from './cancellation';

type ActorsOf<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]['actors']>;

export interface FlowOptions<M extends AnyStateMachine> {
  actors?: ActorsOf<M>;
  input?: InputFrom<M>;
}

export function useFlow<M extends AnyStateMachine>(machine: M, options: FlowOptions<M> = {}) {
  const [provided] = useState(() =>
    options.actors ? (machine.provide({ actors: ignoringCancellations(options.actors) }) as M) : machine,
  );
  const [snapshot, send, actor] = useMachine(provided, {
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(inspectFlow ? { inspect: inspectFlow } : {}),
  } as Parameters<typeof useMachine<M>>[1]);
  useNotices(actor as unknown as Actor<M>);
  return [snapshot, send, actor] as const;
}

/**
 * Development and test builds only (the condition is constant, so a production build drops it): every
 * flow's inspection events go to `globalThis.__upkeepInspect` when something installed it — the live
 * statechart viewer (src/app/devtools/) or the browser walks (tests/e2e/walks/).
 */
const inspectFlow =
  import.meta.env.DEV || import.meta.env.MODE === 'test'
    ? (event: InspectionEvent): void =>
        (globalThis as { __upkeepInspect?: (event: InspectionEvent) => void }).__upkeepInspect?.(event)
    : undefined;

/**
 * Shows every notice an actor emits as a toast (and logs the ones marked `log`). A flow's error notices
 * end with the flow's attempt: a later success of the same flow takes them away, and so does leaving the
 * screen, so an old error never follows the user to the next page. Success notices may follow (they tell
 * what was just done, e.g. 'Created credit.' on the list the create page leads back to), except one that
 * offers Undo, which ends with its flow.
 */
export function useNotices(
  actor: Pick<Actor<AnyStateMachine>, 'on' | 'send'>,
  options: {
    /**
     * For a child flow that ends while its screen stays (e.g. the wizard's provider creation): its last
     * errors stay up when it ends, until they time out, instead of vanishing with it.
     */
    keepErrorsWhenDone?: boolean;
  } = {},
) {
  const keep = options.keepErrorsWhenDone ?? false;
  useEffect(() => {
    const errors = new Set<Promise<string>>();
    const withUndo = new Set<Promise<string>>();
    const dismiss = (shown: Set<Promise<string>>) => {
      for (const toast of shown) void toast.then((id) => dismissNotice(id));
      shown.clear();
    };
    const subscription = actor.on('notify', (event) => {
      const notice = event as unknown as Notice;
      if (notice.level === 'success') dismiss(errors);
      const shown = showNotice(notice, (event) => actor.send(event));
      if (notice.level === 'error') errors.add(shown);
      if (notice.undo) withUndo.add(shown);
    });
    return () => {
      subscription.unsubscribe();
      if (!keep) dismiss(errors);
      // An Undo is sent to this flow: once it has ended, its toasts offer nothing that would still work.
      dismiss(withUndo);
    };
  }, [actor, keep]);
}

/**
 * One notice as a toast (and in the console log when it is marked `log`), with an Undo button that sends the
 * notice's `undo` event back to its flow; resolves to the toast's id.
 */
export async function showNotice(
  notice: Notice,
  send?: (event: { type: string; [key: string]: unknown }) => void,
): Promise<string> {
  if (notice.log) console.error(notice.message);
  const { undo } = notice;
  const action = undo && send ? { label: UNDO_LABEL, onClick: () => send(undo) } : undefined;
  return notify(notice.level, notice.message, notice.duration, action);
}

/**
 * A read the screen makes itself (a query, not a flow) that failed: its catalogue message as an error toast,
 * built as a notice like a flow's, once each time the read fails.
 */
export function useFailureNotice(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) void showNotice(notice('error', message));
  }, [failed, message]);
}
