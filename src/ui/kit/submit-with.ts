import type { FormEvent } from 'react';

/**
 * A form's submit handler: the browser's own submit is held back and `send` runs (the submit button or Enter).
 * A module of its own, re-exported by FormParts: the sign-in form uses it, and what the sign-in page imports
 * is in the first load whole (scripts/budget.ts).
 */
export const submitWith = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};
