/** Runs one actor logic the way XState runs an invoked actor: with its input, to its output or its error. */
import { createActor, toPromise, type AnyActorLogic, type InputFrom, type OutputFrom } from 'xstate';

/** The started actor (stop it to call it off) and its output, or the error it failed with. */
export function startActor<Logic extends AnyActorLogic>(logic: Logic, input: InputFrom<Logic>) {
  const actor = createActor(logic, { input });
  const done: Promise<OutputFrom<Logic>> = toPromise(actor);
  actor.start();
  return { actor, done };
}

export function runActor<Logic extends AnyActorLogic>(
  logic: Logic,
  input: InputFrom<Logic>,
): Promise<OutputFrom<Logic>> {
  return startActor(logic, input).done;
}
