import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OAuthReturn } from '../../../../src/domain/connections/square';
import {
  squareOAuthMachine,
  type SquareOAuthInput,
} from '../../../../src/machines/connections/square-oauth.machine';
import { assertFullCoverage, coverMachine, recordCoverage } from '../../../support/model';
import { mergeReports } from '../onboarding/fixtures';
import { LOCATION, credentials } from './fixtures';

const STATE = 'state-0123456789abcdef';
const back = (patch: Partial<OAuthReturn>): OAuthReturn => ({
  code: null,
  state: STATE,
  error: null,
  errorDescription: null,
  ...patch,
});

function start(
  input: SquareOAuthInput & { returned: OAuthReturn | null },
  options: { exchangeFails?: string } = {},
) {
  const calls: string[] = [];
  const actor = createActor(
    squareOAuthMachine.provide({
      actors: {
        newState: fromPromise(async () => {
          calls.push('new state');
          return 'fresh-state-000000000';
        }),
        authorize: fromPromise(async ({ input: call }: { input: { state: string } }) => {
          calls.push(`authorize ${call.state}`);
          await new Promise(() => undefined);
        }),
        exchangeCode: fromPromise(async ({ input: call }: { input: { code: string } }) => {
          calls.push(`exchange ${call.code}`);
          if (options.exchangeFails) throw new Error(options.exchangeFails);
          return credentials(9, 'SQUARE');
        }),
        fetchLocations: fromPromise(async ({ input: call }: { input: { credentialsId: number } }) => {
          calls.push(`locations ${call.credentialsId}`);
          return [LOCATION];
        }),
      },
    }),
    { input: { expectedState: input.expectedState } },
  );
  actor.start();
  if (input.returned) actor.send({ type: 'square.returned', query: input.returned });
  return { actor, calls };
}

describe('Square OAuth machine', () => {
  it('Connect makes a state and goes to the authorisation page with it', async () => {
    const { actor, calls } = start({ returned: null, expectedState: null });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'square.connect' });
    await waitFor(actor, (s) => s.matches('redirecting') && calls.length === 2);
    expect(calls).toEqual(['new state', 'authorize fresh-state-000000000']);
  });

  it('a return with the code and the same state is exchanged, its locations read, and the flow advances', async () => {
    const { actor, calls } = start({ returned: back({ code: 'sq0cgp-1' }), expectedState: STATE });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['exchange sq0cgp-1', 'locations 9']);
    expect(done.output).toEqual({ credentialsId: 9, locations: [LOCATION] });
  });

  it('refuses a return whose state differs, or when none was sent', () => {
    for (const expectedState of ['another-state-0000000', null]) {
      const { actor, calls } = start({ returned: back({ code: 'sq0cgp-1' }), expectedState });
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error).toBe(
        'The Square authorization could not be verified. Please connect again.',
      );
      expect(calls).toEqual([]);
    }
  });

  it("a denial shows the page's message; a failed exchange the server's; Connect tries again", async () => {
    const denied = start({
      returned: back({ error: 'access_denied', errorDescription: 'The owner said no.' }),
      expectedState: STATE,
    });
    expect(denied.actor.getSnapshot().context.error).toBe('The owner said no.');
    denied.actor.send({ type: 'square.connect' });
    await waitFor(denied.actor, (s) => s.matches('redirecting'));
    expect(denied.actor.getSnapshot().context.error).toBeNull();

    const failed = start(
      { returned: back({ code: 'sq0cgp-old' }), expectedState: STATE },
      { exchangeFails: 'The authorization code is invalid, expired or was already used' },
    );
    await waitFor(failed.actor, (s) => s.matches('failed'));
    expect(failed.actor.getSnapshot().context.error).toBe(
      'The authorization code is invalid, expired or was already used',
    );
  });

  it('walks every state and transition', async () => {
    const inputs: SquareOAuthInput[] = [{ expectedState: STATE }, { expectedState: null }];
    const reports = [];
    for (const input of inputs) {
      reports.push(
        await coverMachine(squareOAuthMachine, {
          input,
          events: {
            'square.connect': [{ type: 'square.connect' }],
            'square.returned': [
              { type: 'square.returned', query: back({ code: 'sq0cgp-1' }) },
              { type: 'square.returned', query: back({ error: 'access_denied' }) },
            ],
          },
          outputs: {
            newState: ['fresh-state-000000000'],
            exchangeCode: [credentials(9, 'SQUARE')],
            fetchLocations: [[LOCATION]],
          },
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
