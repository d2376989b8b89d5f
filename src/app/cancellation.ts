/**
 * A request called off is not a failure (src/api/client.ts, RequestCancelledError). React's StrictMode (every
 * development load) stops a screen's flow and starts it again at once: the promise actors' requests of the
 * first start are aborted, and XState restores those actors as still running, so the aborted request's
 * rejection would reach the chart as the error of the request started again ("The server could not be
 * reached." while the second answer was on its way). `useFlow` gives every flow its actors through
 * `ignoringCancellations`: a cancelled request's rejection is dropped, and the actor waits for the answer of
 * the request that took its place, or is stopped with its flow. Queries need nothing: TanStack Query already
 * drops what a query it cancelled rejects with.
 */
import { StateMachine, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { isRequestCancelled } from '../api/client';

/** What a promise actor (xstate's `fromPromise`) sends itself when its promise rejects. */
const PROMISE_REJECTED = 'xstate.promise.reject';

/** An actor as a machine's implementations hold it: its logic, or its logic with an input. */
type Provided = AnyActorLogic | { src: AnyActorLogic; input: unknown };

/** The same actors; every promise actor among them (child machines' too) ignores a cancelled request. */
export function ignoringCancellations<A extends Record<string, Provided>>(actors: A): A {
  return Object.fromEntries(
    Object.entries(actors).map(([name, actor]) => [
      name,
      'src' in actor ? { ...actor, src: ignoringCancellation(actor.src) } : ignoringCancellation(actor),
    ]),
  ) as A;
}

function ignoringCancellation(logic: AnyActorLogic): AnyActorLogic {
  if (logic instanceof StateMachine) {
    const machine = logic as AnyStateMachine;
    return machine.provide({ actors: ignoringCancellations(machine.implementations.actors) });
  }
  return {
    ...logic,
    transition: (snapshot, event, scope) =>
      event.type === PROMISE_REJECTED && isRequestCancelled((event as { data?: unknown }).data)
        ? snapshot
        : logic.transition(snapshot, event, scope),
  };
}
