import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SettlementAccountDetail as SettlementAccount } from '../../../../src/api/contract/payouts';
import { bankFormErrors, stepOf } from '../../../../src/domain/payouts/onboarding';
import {
  payoutsOnboardingMachine,
  type PayoutsOnboardingEmitted,
  type PayoutsOnboardingInput,
} from '../../../../src/machines/payouts/payouts-onboarding.machine';
import { payoutsOnboardingView } from '../../../../src/machines/payouts/payouts-onboarding.view';
import {
  assertFullCoverage,
  coverMachine,
  recordCoverage,
  type CoverageCount,
  type CoverageReport,
} from '../../../support/model';

const account = (currentlyDue: string[], detailsSubmitted = true): SettlementAccount => ({
  id: 'acct_1',
  accountId: 'acct_1',
  details_submitted: detailsSubmitted,
  requirements: { currently_due: currentlyDue },
  charges_enabled: detailsSubmitted,
  payouts_enabled: currentlyDue.length === 0,
  business_profile: { name: 'Glow Studio' },
  external_account: currentlyDue.includes('external_account') ? null : { last4: '6789', bank_name: null },
  payout_schedule: { interval: 'daily', delay_days: 2, weekly_anchor: null, monthly_anchor: null },
});
const NEW = account(['external_account', 'tos_acceptance.date'], false);
const BANK_DUE = account(['external_account']);
const DONE = account([]);

describe('payouts onboarding rules', () => {
  it('steps: 0 until only the external account is due, 1 until the bank is connected, then 2', () => {
    expect(stepOf(null)).toBe(0);
    expect(stepOf(NEW)).toBe(0);
    expect(stepOf(account(['individual.dob.day', 'external_account']))).toBe(0);
    expect(stepOf(BANK_DUE)).toBe(1);
    expect(stepOf(DONE)).toBe(2);
  });

  it.each([
    ['12345678', '123456789', '123456789', { routingNumber: 'Routing number must be 9 digits long' }],
    ['1234567890', '123456789', '123456789', { routingNumber: 'Routing number must be 9 digits long' }],
    ['12345678a', '123456789', '123456789', { routingNumber: 'Routing number must be 9 digits long' }],
    [
      '123456789',
      '12345678',
      '12345678',
      {
        accountNumber: 'Account number must be 9-12 digits',
        confirmAccountNumber: 'Account number must be 9-12 digits',
      },
    ],
    [
      '123456789',
      '1234567890123',
      '1234567890123',
      {
        accountNumber: 'Account number must be 9-12 digits',
        confirmAccountNumber: 'Account number must be 9-12 digits',
      },
    ],
    ['123456789', '123456789', '123456780', { confirmAccountNumber: 'Account number does not match' }],
    ['123456789', '123456789012', '123456789012', {}],
    [
      '',
      '',
      '',
      {
        routingNumber: 'Routing number must be 9 digits long',
        accountNumber: 'Account number must be 9-12 digits',
        confirmAccountNumber: 'Account number must be 9-12 digits',
      },
    ],
  ])('bank form %s / %s / %s', (routingNumber, accountNumber, confirmAccountNumber, expected) => {
    expect(bankFormErrors({ routingNumber, accountNumber, confirmAccountNumber })).toEqual(expected);
  });
});

function start(
  input: Partial<PayoutsOnboardingInput> & { loaded?: SettlementAccount | null },
  fails: Partial<
    Record<'createLink' | 'attachToLocation' | 'connectBank' | 'attachExisting' | 'deleteAccount', true>
  > = {},
) {
  const calls: string[] = [];
  const attempt = <T>(name: keyof typeof fails, value: T) => {
    calls.push(name);
    return fails[name] ? Promise.reject(new Error(name)) : Promise.resolve(value);
  };
  const actor = createActor(
    payoutsOnboardingMachine.provide({
      actors: {
        loadAccount: fromPromise(async () => input.loaded ?? null),
        createLink: fromPromise(() =>
          attempt('createLink', { id: 'acct_new', accountId: 'acct_new', url: 'http://sandbox/onboarding' }),
        ),
        fetchLink: fromPromise(async () => {
          calls.push('fetchLink');
          return { id: 'acct_1', accountId: 'acct_1', url: 'http://sandbox/again' };
        }),
        attachToLocation: fromPromise(() => attempt<unknown>('attachToLocation', null)),
        deleteAccount: fromPromise(
          async ({ input: i }: { input: { accountId: string } }): Promise<unknown> => {
            calls.push(`deleteAccount ${i.accountId}`);
            if (fails.deleteAccount) throw new Error('deleteAccount');
            return null;
          },
        ),
        attachExisting: fromPromise(() => attempt('attachExisting', BANK_DUE)),
        connectBank: fromPromise(() => attempt('connectBank', DONE)),
        resetProgress: fromPromise(async (): Promise<unknown> => {
          calls.push('resetProgress');
          return null;
        }),
      },
    }),
    {
      input: {
        locationId: 7,
        settlementAccountId: input.loaded ? 'acct_1' : null,
        isAdmin: input.isAdmin ?? false,
      },
    },
  );
  const emitted: PayoutsOnboardingEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

describe('payouts onboarding machine', () => {
  it('creates the link, attaches the account to the location, then redirects to the hosted page', async () => {
    const { actor, calls, emitted } = start({});
    await waitFor(actor, (s) => s.matches('account'));
    expect(payoutsOnboardingView(actor.getSnapshot()).connectLabel).toBe('Connect To Stripe');
    actor.send({ type: 'link.create' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(calls).toEqual(['createLink', 'attachToLocation']);
    expect(emitted).toEqual([{ type: 'redirect', url: 'http://sandbox/onboarding' }]);
  });

  it('deletes the created account when attaching it fails', async () => {
    const { actor, calls, emitted } = start({}, { attachToLocation: true });
    await waitFor(actor, (s) => s.matches('account'));
    actor.send({ type: 'link.create' });
    await waitFor(actor, (s) => s.matches('account') && calls.length === 3);
    expect(calls).toEqual(['createLink', 'attachToLocation', 'deleteAccount acct_new']);
    expect(emitted).toEqual([
      {
        type: 'notify',
        level: 'error',
        message: 'Failed to attach settlement account to provider location...',
      },
    ]);
  });

  it('a failed delete of the new account says so, keeps it, and the next try attaches it', async () => {
    const fails: Parameters<typeof start>[1] = { attachToLocation: true, deleteAccount: true };
    const { actor, calls, emitted } = start({}, fails);
    await waitFor(actor, (s) => s.matches('account'));
    actor.send({ type: 'link.create' });
    await waitFor(actor, (s) => s.matches('account') && calls.length === 3);
    expect(emitted).toEqual([
      {
        type: 'notify',
        level: 'error',
        message: 'Failed to attach settlement account to provider location...',
      },
      {
        type: 'notify',
        level: 'error',
        log: true,
        message:
          'The new Stripe account acct_new could not be removed. Connect To Stripe attaches it on the next try instead of creating another.',
      },
    ]);
    delete fails.attachToLocation;
    actor.send({ type: 'link.create' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(calls).toEqual([
      'createLink',
      'attachToLocation',
      'deleteAccount acct_new',
      'attachToLocation',
      'fetchLink',
    ]);
    expect(emitted.at(-1)).toEqual({ type: 'redirect', url: 'http://sandbox/again' });
  });

  it("retrying an unfinished account fetches a new link ('Complete Stripe Account')", async () => {
    const { actor, calls } = start({ loaded: NEW });
    await waitFor(actor, (s) => s.matches('account'));
    expect(payoutsOnboardingView(actor.getSnapshot()).connectLabel).toBe('Complete Stripe Account');
    actor.send({ type: 'link.create' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(calls).toEqual(['fetchLink']);
  });

  it('attach is enabled only with a typed id; an admin moves to the bank step, a provider to the overview', async () => {
    const admin = start({ isAdmin: true });
    await waitFor(admin.actor, (s) => s.matches('account'));
    admin.actor.send({ type: 'existing.attach' });
    expect(admin.actor.getSnapshot().matches('account')).toBe(true);
    expect(payoutsOnboardingView(admin.actor.getSnapshot()).canAttach).toBe(false);
    admin.actor.send({ type: 'existingId.change', value: ' acct_1 ' });
    expect(payoutsOnboardingView(admin.actor.getSnapshot()).canAttach).toBe(true);
    admin.actor.send({ type: 'existing.attach' });
    await waitFor(admin.actor, (s) => s.matches('bank'));
    expect(admin.emitted).toContainEqual({
      type: 'notify',
      level: 'success',
      message: 'Successfully attached Stripe account to provider.',
    });

    const provider = start({});
    await waitFor(provider.actor, (s) => s.matches('account'));
    provider.actor.send({ type: 'existingId.change', value: 'acct_1' });
    provider.actor.send({ type: 'existing.attach' });
    await waitFor(provider.actor, (s) => s.matches('leaving'));
    expect(provider.emitted.at(-1)).toEqual({ type: 'navigate', to: '/provider/overview' });
  });

  it('bank errors show after a submit and follow every change; a valid form connects and completes', async () => {
    const { actor, calls } = start({ loaded: BANK_DUE, isAdmin: true });
    await waitFor(actor, (s) => s.matches('bank'));
    actor.send({ type: 'bank.change', field: 'routingNumber', value: '123' });
    expect(payoutsOnboardingView(actor.getSnapshot()).errors).toEqual({});
    actor.send({ type: 'bank.submit' });
    expect(payoutsOnboardingView(actor.getSnapshot()).errors.routingNumber).toBe(
      'Routing number must be 9 digits long',
    );
    actor.send({ type: 'bank.change', field: 'routingNumber', value: '110000000' });
    actor.send({ type: 'bank.change', field: 'accountNumber', value: '000123456789' });
    actor.send({ type: 'bank.change', field: 'confirmAccountNumber', value: '000123456780' });
    expect(payoutsOnboardingView(actor.getSnapshot()).errors).toEqual({
      confirmAccountNumber: 'Account number does not match',
    });
    actor.send({ type: 'bank.change', field: 'confirmAccountNumber', value: '000123456789' });
    actor.send({ type: 'bank.submit' });
    await waitFor(actor, (s) => s.matches('complete'));
    expect(calls).toEqual(['connectBank']);
    expect(actor.getSnapshot().context.bank.accountNumber).toBe('');
    actor.send({ type: 'onboarding.reset' });
    await waitFor(actor, (s) => s.matches('reset'));
  });

  it('reset is for admins only', async () => {
    const { actor } = start({ loaded: DONE });
    await waitFor(actor, (s) => s.matches('complete'));
    actor.send({ type: 'onboarding.reset' });
    expect(actor.getSnapshot().matches('complete')).toBe(true);
  });

  it('walks every state and transition (as an admin and as a provider: the role decides some branches)', async () => {
    const walk = (isAdmin: boolean) =>
      coverMachine(payoutsOnboardingMachine, {
        input: { locationId: 7, settlementAccountId: 'acct_1', isAdmin },
        events: {
          'existingId.change': [{ type: 'existingId.change', value: 'acct_1' }],
          'link.create': [{ type: 'link.create' }],
          'existing.attach': [{ type: 'existing.attach' }],
          'bank.change': [
            { type: 'bank.change', field: 'routingNumber', value: '110000000' },
            { type: 'bank.change', field: 'accountNumber', value: '000123456789' },
            { type: 'bank.change', field: 'confirmAccountNumber', value: '000123456789' },
          ],
          'bank.submit': [{ type: 'bank.submit' }],
          'onboarding.reset': [{ type: 'onboarding.reset' }],
        },
        outputs: {
          loadAccount: [null, NEW, BANK_DUE, DONE],
          createLink: [{ id: 'acct_new', accountId: 'acct_new', url: 'http://sandbox' }],
          fetchLink: [{ id: 'acct_1', accountId: 'acct_1', url: 'http://sandbox' }],
          attachExisting: [BANK_DUE],
          connectBank: [DONE],
        },
      });
    const [admin, provider] = [await walk(true), await walk(false)];
    // Covered by either walk: what is missing is only what both missed.
    const both = (a: string[], b: string[]) => a.filter((item) => b.includes(item));
    const merge = (a: CoverageCount, b: CoverageCount): CoverageCount => {
      const missing = both(a.missing, b.missing);
      return { total: a.total, covered: a.total - missing.length, missing };
    };
    const report: CoverageReport = {
      machineId: admin.machineId,
      states: merge(admin.states, provider.states),
      transitions: merge(admin.transitions, provider.transitions),
      paths: admin.paths + provider.paths,
      failures: [...admin.failures, ...provider.failures],
      unsampledEvents: both(admin.unsampledEvents, provider.unsampledEvents),
    };
    recordCoverage(report);
    assertFullCoverage(report);
    expect(report.failures).toEqual([]);
  });
});
