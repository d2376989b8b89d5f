import { fromPromise } from 'xstate';

/**
 * The stand-in for a side effect a machine declares by name: it rejects until the flow's actor factory
 * (`create<Flow>Actors(api)`) or a test provides the real one with `machine.provide({ actors })`.
 */
export function placeholder<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() =>
    Promise.reject(new Error(`${name} is provided by the flow's actors`)),
  );
}
