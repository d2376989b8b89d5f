import type { SnapshotFrom } from 'xstate';
import { bankFormErrors, hasTypedId, type BankFormErrors } from '../../domain/payouts/onboarding';
import type { payoutsOnboardingMachine } from './payouts-onboarding.machine';

/** What the payouts onboarding screen shows: the step, the buttons' state, the bank form and its errors. */
export function payoutsOnboardingView(snapshot: SnapshotFrom<typeof payoutsOnboardingMachine>) {
  const { context } = snapshot;
  const step: 0 | 1 | 2 =
    snapshot.matches('complete') || snapshot.matches('resetting') || snapshot.matches('reset')
      ? 2
      : snapshot.matches('bank') || snapshot.matches('connectingBank')
        ? 1
        : 0;
  const errors: BankFormErrors = context.submitted ? bankFormErrors(context.bank) : {};
  return {
    step: snapshot.matches('loading') ? null : step,
    busy: snapshot.hasTag('busy'),
    connectLabel: context.account ? 'Complete Stripe Account' : 'Connect To Stripe',
    existingId: context.existingId,
    canAttach: snapshot.matches('account') && hasTypedId(context.existingId),
    bank: context.bank,
    errors,
    canReset: context.isAdmin && (snapshot.matches('bank') || snapshot.matches('complete')),
    account: context.account,
    paidInto: context.account?.external_account ?? null,
    schedule: context.account?.payout_schedule ?? null,
  };
}
