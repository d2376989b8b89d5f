import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  onboardingPointerMachine,
  POINTER_STEPS,
} from '../../../../src/machines/onboarding/onboarding-pointer.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from './fixtures';

const pointerOf = (actor: ReturnType<typeof start>) =>
  POINTER_STEPS[actor.getSnapshot().value as keyof typeof POINTER_STEPS];

function start() {
  return createActor(onboardingPointerMachine, { input: {} }).start();
}

describe('legacy onboarding pointer', () => {
  it('MINDBODY, BOULEVARD and SQUARE go through credentials; previous comes back the same way', () => {
    for (const strategy of ['MINDBODY', 'BOULEVARD', 'SQUARE'] as const) {
      const actor = start();
      actor.send({ type: 'strategy.choose', strategy });
      const seen = [pointerOf(actor)];
      for (let i = 0; i < 4; i += 1) {
        actor.send({ type: 'pointer.next' });
        seen.push(pointerOf(actor));
      }
      expect(seen).toEqual([0, 1, 2, 3, 4]);
      actor.send({ type: 'pointer.previous' });
      actor.send({ type: 'pointer.previous' });
      actor.send({ type: 'pointer.previous' });
      expect(pointerOf(actor)).toBe(1);
    }
  });

  it('BOOKER and MANUAL skip to location, and back to the strategy; abort starts over', () => {
    for (const strategy of ['BOOKER', 'MANUAL'] as const) {
      const actor = start();
      actor.send({ type: 'pointer.next' });
      expect(pointerOf(actor)).toBe(0);
      actor.send({ type: 'strategy.choose', strategy });
      actor.send({ type: 'pointer.next' });
      expect(pointerOf(actor)).toBe(2);
      actor.send({ type: 'pointer.previous' });
      expect(pointerOf(actor)).toBe(0);
      actor.send({ type: 'pointer.next' });
      actor.send({ type: 'pointer.abort' });
      expect(pointerOf(actor)).toBe(0);
      expect(actor.getSnapshot().context.strategy).toBeNull();
    }
  });

  it('walks every state and transition', async () => {
    const events = {
      'pointer.next': [{ type: 'pointer.next' }],
      'pointer.previous': [{ type: 'pointer.previous' }],
      'pointer.abort': [{ type: 'pointer.abort' }],
    } as const;
    const reports = [];
    for (const strategy of ['MINDBODY', 'MANUAL'] as const) {
      reports.push(
        await coverMachine(onboardingPointerMachine, {
          input: {},
          events: { ...events, 'strategy.choose': [{ type: 'strategy.choose', strategy }] },
          summaryDir: false,
        }),
      );
    }
    const report = mergeReports(reports);
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
