/**
 * A state that sends one request per item left, in turn, each answer recorded before the next request (the
 * availability's categories, the commission changes, a special date's services, the holidays to add). Its
 * onDone is `inTurn(...)`: while `more` holds the state enters itself again with the actions every answer
 * takes (`each`, then `again`); after the last answer it leaves by the first of `done` that applies, `each`
 * first again.
 *
 *   <self> ──done [more]──► <self> (each, again) ; done ──► done[i].target (each, then its own actions)
 */
export function inTurn<const TGuard, const TEach, const TAgain = never, const TAction = never>(
  step: { self: string; more: TGuard; each: readonly TEach[]; again?: readonly TAgain[] },
  ...done: readonly { guard?: TGuard; target: string; actions?: readonly TAction[] }[]
) {
  return [
    {
      guard: step.more,
      target: step.self,
      reenter: true,
      actions: [...step.each, ...(step.again ?? [])] as (TEach | TAgain)[],
    },
    ...done.map(({ actions = [], ...transition }) => ({
      ...transition,
      actions: [...step.each, ...actions] as (TEach | TAction)[],
    })),
  ];
}
