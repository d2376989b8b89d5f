import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { ConnectionLocation } from '../../../../src/domain/connections/connection';
import {
  boulevardConnectionMachine,
  type VerifiedBusiness,
} from '../../../../src/machines/connections/boulevard-connection.machine';
import { boulevardConnectionView } from '../../../../src/machines/connections/boulevard-connection.view';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';

const located: ConnectionLocation = {
  id: 'blvd-loc-1',
  name: 'Salon',
  streetAddress: '1 Main St',
  addressLine2: null,
  city: 'LA',
  state: 'CA',
  zip: '90001',
  country: 'US',
  coordinates: { lat: 34, lng: -118 },
  timezone: 'America/Los_Angeles',
};

/** Each check answers the next outcome: 'fail' (not installed), 'none' (no valid location) or 'ok'. */
function start(outcomes: Array<'fail' | 'none' | 'ok'>) {
  const clock = new SimulatedClock();
  const checks: string[] = [];
  const actor = createActor(
    boulevardConnectionMachine.provide({
      actors: {
        verifyBusiness: fromPromise(async ({ input }: { input: { businessId: string } }) => {
          checks.push(input.businessId);
          const outcome = outcomes[Math.min(checks.length - 1, outcomes.length - 1)];
          if (outcome === 'fail') throw new Error('not installed');
          const result: VerifiedBusiness = {
            locations: outcome === 'ok' ? [located] : [],
            providers: [{ id: input.businessId, name: 'Biz' }],
          };
          return result;
        }),
      },
    }),
    { input: { businessId: '' }, clock },
  );
  actor.start();
  const view = () => boulevardConnectionView(actor.getSnapshot());
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, clock, checks, view, settle };
}

describe('boulevard connection machine', () => {
  it("needs a business id ('Business ID required'), then shows the install instructions", () => {
    const run = start(['ok']);
    run.actor.send({ type: 'business.submit' });
    expect(run.actor.getSnapshot().context.error).toBe('Business ID required');
    run.actor.send({ type: 'business.change', businessId: 'blvd-sandbox-1' });
    expect(run.actor.getSnapshot().context.error).toBeNull();
    run.actor.send({ type: 'business.submit' });
    expect(run.view().subStep).toBe(2);
    run.actor.send({ type: 'connection.back' });
    expect(run.view().subStep).toBe(1);
  });

  it("polls every 5 s while retrying, shows 'Connected.' and advances 1 s later", async () => {
    const run = start(['fail', 'fail', 'ok']);
    run.actor.send({ type: 'business.change', businessId: ' blvd-sandbox-1 ' });
    run.actor.send({ type: 'business.submit' });
    run.actor.send({ type: 'connection.continue' });
    await run.settle();
    expect(run.view().status).toBe(
      'Unable to connect, provided business ID might be incorrect or app not yet installed, retrying...',
    );
    run.clock.increment(4_999);
    expect(run.checks).toHaveLength(1);
    run.clock.increment(1);
    await run.settle();
    expect(run.checks).toHaveLength(2);
    expect(run.view().status).toContain('retrying...');
    run.clock.increment(5_000);
    await run.settle();
    expect(run.view()).toMatchObject({ status: 'Connected.', connected: true });
    run.clock.increment(999);
    expect(run.actor.getSnapshot().status).toBe('active');
    run.clock.increment(1);
    expect(run.actor.getSnapshot().output).toEqual({
      businessId: 'blvd-sandbox-1',
      externalId: 'blvd-sandbox-1',
      locations: [located],
    });
    expect(run.checks).toEqual(['blvd-sandbox-1', 'blvd-sandbox-1', 'blvd-sandbox-1']);
  });

  it('says when connected without a valid location and keeps checking; Back stops the polling', async () => {
    const run = start(['none']);
    run.actor.send({ type: 'business.change', businessId: 'blvd-sandbox-noaddress-1' });
    run.actor.send({ type: 'business.submit' });
    run.actor.send({ type: 'connection.continue' });
    await run.settle();
    expect(run.view().status).toBe(
      'Connected. But no valid locations found, please ensure all Boulevard locations have a valid address.',
    );
    run.clock.increment(5_000);
    await run.settle();
    expect(run.checks).toHaveLength(2);
    run.actor.send({ type: 'connection.back' });
    run.clock.increment(60_000);
    await run.settle();
    expect(run.checks).toHaveLength(2);
    expect(run.view().subStep).toBe(2);
  });

  it('stopping the actor (leaving the screen) stops the polling', async () => {
    const run = start(['fail']);
    run.actor.send({ type: 'business.change', businessId: 'x' });
    run.actor.send({ type: 'business.submit' });
    run.actor.send({ type: 'connection.continue' });
    await run.settle();
    run.actor.stop();
    run.clock.increment(60_000);
    await run.settle();
    expect(run.checks).toHaveLength(1);
  });

  it('walks every state and transition', async () => {
    const report = await coverMachine(boulevardConnectionMachine, {
      input: { businessId: '' },
      events: {
        'business.change': [{ type: 'business.change', businessId: 'blvd-sandbox-1' }],
        'business.submit': [{ type: 'business.submit' }],
        'connection.continue': [{ type: 'connection.continue' }],
        'connection.back': [{ type: 'connection.back' }],
      },
      outputs: {
        verifyBusiness: [
          { locations: [located], providers: [] },
          { locations: [], providers: [] },
        ],
      },
    });
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
