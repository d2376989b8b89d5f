import { describe, expect, it } from 'vitest';
import { createStepGate } from '../../../src/screens/shared/step-gate';

describe("the wizard step's gate", () => {
  it('goes at once with no hold; through the hold while one is registered; not after it is removed', () => {
    const gate = createStepGate();
    const went: string[] = [];
    gate.pass(() => went.push('free'));
    expect(went).toEqual(['free']);

    const held: Array<() => void> = [];
    const release = gate.hold((go) => held.push(go));
    gate.pass(() => went.push('held'));
    expect(went).toEqual(['free']);
    held[0]?.();
    expect(went).toEqual(['free', 'held']);

    // A newer hold replaces it; removing the older one leaves the newer in place.
    const releaseNewer = gate.hold((go) => {
      went.push('newer');
      go();
    });
    release();
    gate.pass(() => went.push('next'));
    expect(went).toEqual(['free', 'held', 'newer', 'next']);
    releaseNewer();
    gate.pass(() => went.push('free again'));
    expect(went.at(-1)).toBe('free again');
  });
});
