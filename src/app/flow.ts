/**
 * `useFlow(machine, { input, actors })`: runs a flow's machine with the actors its factory built
 * (`create<Flow>Actors(api)` beside the machine) and turns the machine's notices (`{ type: 'notify', level,
 * message }`, src/machines/shared/notice.ts) into toasts. The actors are bound once, when the screen mounts.
 */
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { Actor, AnyStateMachine, InputFrom } from 'xstate';
import type { Notice } from '../machines/shared/notice';
import { notify } from '../ui/kit/notify';

type ActorsOf<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]['actors']>;

export interface FlowOptions<M extends AnyStateMachine> {
  actors?: ActorsOf<M>;
  input?: InputFrom<M>;
}

export function useFlow<M extends AnyStateMachine>(machine: M, options: FlowOptions<M> = {}) {
  const [provided] = useState(() =>
    options.actors ? (machine.provide({ actors: options.actors }) as M) : machine,
  );
  const [snapshot, send, actor] = useMachine(
    provided,
    (options.input === undefined ? {} : { input: options.input }) as Parameters<typeof useMachine<M>>[1],
  );
  useNotices(actor as unknown as Actor<M>);
  return [snapshot, send, actor] as const;
}

/** Shows every notice an actor emits as a toast (and logs the ones marked `log`). */
export function useNotices(actor: Pick<Actor<AnyStateMachine>, 'on'>) {
  useEffect(() => {
    const subscription = actor.on('notify', (event) => void showNotice(event as unknown as Notice));
    return () => subscription.unsubscribe();
  }, [actor]);
}

/** One notice as a toast (and in the console log when it is marked `log`). */
export async function showNotice(notice: Notice): Promise<void> {
  if (notice.log) console.error(notice.message);
  await notify(notice.level, notice.message, notice.duration);
}
