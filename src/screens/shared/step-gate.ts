/**
 * A wizard step's hold on Back and Get Started (spec 02 §2): the step's editor registers how it keeps its work
 * before the wizard moves on (the BOULEVARD selection saves every unsaved selection first, or says what is
 * missing and stays), and the wizard's buttons pass through it. With nothing registered the wizard goes at once.
 */
import { useState } from 'react';

/** Keeps the step's work, then calls `go`; or keeps the person on the step (never calling `go`). */
export type StepHold = (go: () => void) => void;

export interface StepGate {
  /** The wizard's Back or Get Started: through the step's hold when it has one. */
  pass(go: () => void): void;
  /** The step's editor registers its hold; the returned function removes it (on unmount). */
  hold(hold: StepHold): () => void;
}

export function createStepGate(): StepGate {
  let current: StepHold | null = null;
  return {
    pass: (go) => (current ? current(go) : go()),
    hold: (hold) => {
      current = hold;
      return () => {
        if (current === hold) current = null;
      };
    },
  };
}

/** One gate for the wizard screen's lifetime. */
export function useStepGate(): StepGate {
  const [gate] = useState(createStepGate);
  return gate;
}
