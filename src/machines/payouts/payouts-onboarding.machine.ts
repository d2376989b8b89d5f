/**
 * Payouts onboarding (/provider/onboarding/stripe; spec 02 §2, §4, §5): 3 steps.
 *
 *   loading ──► account (step 0) ──link.create──► creatingLink ──► attachingLink ──► redirecting (to hosted page)
 *                 │   │                                   └─error─► compensating ──► account ('Failed to attach…')
 *                 │   ├─link.create [has account]──► fetchingLink ──► redirecting
 *                 │   └─existing.attach [id typed]──► attachingExisting ──► bank [admin] | leaving [provider]
 *               bank (step 1) ──bank.submit [valid]──► connectingBank ──► complete (step 2)
 *               bank, complete ──onboarding.reset [admin]──► resetting ──► reset (back to /providers)
 *
 * compensating: attaching the new account to the location failed, so the account just created is deleted
 * again; the location never points at an account nobody attached. A delete that fails is never silent: a
 * logged notice names the account left, which is kept, and the next link.create attaches it (then reads a new
 * link for it) instead of creating a second one.
 */
import { assign, emit, setup } from 'xstate';
import type {
  OnboardingLink,
  SettlementAccountDetail as SettlementAccount,
} from '../../api/contract/payouts';
import {
  bankFormErrors,
  hasTypedId,
  PAYOUTS_MESSAGES,
  stepOf,
  type BankForm,
} from '../../domain/payouts/onboarding';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice } from '../shared/notice';
import { placeholder } from '../shared/placeholder';

export interface PayoutsOnboardingInput {
  locationId: number;
  settlementAccountId: string | null;
  isAdmin: boolean;
}

export interface PayoutsOnboardingContext extends PayoutsOnboardingInput {
  account: SettlementAccount | null;
  existingId: string;
  bank: BankForm;
  submitted: boolean;
  /** The account the last link created, until it is attached (or deleted again). */
  createdAccountId: string | null;
  url: string | null;
}

export type PayoutsOnboardingEvent =
  | { type: 'existingId.change'; value: string }
  | { type: 'link.create' }
  | { type: 'existing.attach' }
  | { type: 'bank.change'; field: keyof BankForm; value: string }
  | { type: 'bank.submit' }
  | { type: 'onboarding.reset' };

export type PayoutsOnboardingEmitted =
  Notice | { type: 'redirect'; url: string } | { type: 'navigate'; to: '/provider/overview' | '/providers' };

export interface ConnectBankInput {
  accountId: string;
  bank: BankForm;
}

const EMPTY_BANK: BankForm = { routingNumber: '', accountNumber: '', confirmAccountNumber: '' };

const fail = (message: string) => ({ type: 'notifyError', params: { message } }) as const;

export const payoutsOnboardingMachine = setup({
  types: {
    input: {} as PayoutsOnboardingInput,
    context: {} as PayoutsOnboardingContext,
    events: {} as PayoutsOnboardingEvent,
    emitted: {} as PayoutsOnboardingEmitted,
  },
  actors: {
    loadAccount: placeholder<SettlementAccount | null, { settlementAccountId: string | null }>('loadAccount'),
    createLink: placeholder<OnboardingLink, { locationId: number }>('createLink'),
    fetchLink: placeholder<OnboardingLink, { accountId: string }>('fetchLink'),
    attachToLocation: placeholder<unknown, { locationId: number; accountId: string }>('attachToLocation'),
    deleteAccount: placeholder<unknown, { accountId: string }>('deleteAccount'),
    attachExisting: placeholder<SettlementAccount, { locationId: number; stripeAccountId: string }>(
      'attachExisting',
    ),
    connectBank: placeholder<SettlementAccount, ConnectBankInput>('connectBank'),
    resetProgress: placeholder<unknown, { locationId: number; accountId: string | null }>('resetProgress'),
  },
  actions: {
    notifyError: emit((_, params: { message: string }) => notice('error', params.message)),
    notifyAttached: emit(() => notice('success', PROVIDER_MESSAGES.stripeAttached)),
    notifyAccountLeft: emit(({ context }) =>
      notice('error', PROVIDER_MESSAGES.settlementLeftBehind(context.createdAccountId ?? ''), { log: true }),
    ),
  },
  guards: {
    hasAccountLeft: ({ context }) => context.createdAccountId !== null,
    hasUrl: ({ context }) => context.url !== null,
    isOnAccountStep: ({ context }) => stepOf(context.account) === 0,
    isOnBankStep: ({ context }) => stepOf(context.account) === 1,
    hasAccount: ({ context }) => context.account !== null,
    hasTypedId: ({ context }) => hasTypedId(context.existingId),
    isAdmin: ({ context }) => context.isAdmin,
    isBankFormValid: ({ context }) => Object.keys(bankFormErrors(context.bank)).length === 0,
  },
}).createMachine({
  id: 'payoutsOnboarding',
  context: ({ input }) => ({
    ...input,
    account: null,
    existingId: '',
    bank: EMPTY_BANK,
    submitted: false,
    createdAccountId: null,
    url: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadAccount',
        input: ({ context }) => ({ settlementAccountId: context.settlementAccountId }),
        onDone: {
          target: 'routing',
          actions: assign({ account: ({ event }) => event.output }),
        },
        onError: { target: 'account', actions: fail(PROVIDER_MESSAGES.stripeStatusFailed) },
      },
    },
    /** Which step the account is on. */
    routing: {
      always: [
        { guard: 'isOnAccountStep', target: 'account' },
        { guard: 'isOnBankStep', target: 'bank' },
        { target: 'complete' },
      ],
    },
    account: {
      on: {
        'existingId.change': { actions: assign({ existingId: ({ event }) => event.value }) },
        'link.create': [
          { guard: 'hasAccount', target: 'fetchingLink' },
          { guard: 'hasAccountLeft', target: 'attachingLink' },
          { target: 'creatingLink' },
        ],
        'existing.attach': { guard: 'hasTypedId', target: 'attachingExisting' },
      },
    },
    creatingLink: {
      tags: ['busy'],
      invoke: {
        src: 'createLink',
        input: ({ context }) => ({ locationId: context.locationId }),
        onDone: {
          target: 'attachingLink',
          actions: assign({
            createdAccountId: ({ event }) => event.output.accountId,
            url: ({ event }) => event.output.url,
          }),
        },
        onError: { target: 'account', actions: fail(PROVIDER_MESSAGES.settlementCreateFailed) },
      },
    },
    attachingLink: {
      tags: ['busy'],
      invoke: {
        src: 'attachToLocation',
        input: ({ context }) => ({
          locationId: context.locationId,
          accountId: context.createdAccountId ?? '',
        }),
        onDone: [{ guard: 'hasUrl', target: 'redirecting' }, { target: 'fetchingLink' }],
        onError: { target: 'compensating' },
      },
    },
    compensating: {
      tags: ['busy'],
      invoke: {
        src: 'deleteAccount',
        input: ({ context }) => ({ accountId: context.createdAccountId ?? '' }),
        onDone: {
          target: 'account',
          actions: [assign({ createdAccountId: null, url: null }), fail(PROVIDER_MESSAGES.attachFailed)],
        },
        onError: {
          target: 'account',
          actions: [assign({ url: null }), fail(PROVIDER_MESSAGES.attachFailed), 'notifyAccountLeft'],
        },
      },
    },
    fetchingLink: {
      tags: ['busy'],
      invoke: {
        src: 'fetchLink',
        input: ({ context }) => ({ accountId: context.account?.id ?? context.createdAccountId ?? '' }),
        onDone: { target: 'redirecting', actions: assign({ url: ({ event }) => event.output.url }) },
        onError: { target: 'account', actions: fail(PROVIDER_MESSAGES.onboardingLinkFailed) },
      },
    },
    /** Leaving for the hosted onboarding page; it returns to this screen. */
    redirecting: {
      tags: ['busy'],
      type: 'final',
      entry: emit(({ context }) => ({ type: 'redirect' as const, url: context.url ?? '' })),
    },
    attachingExisting: {
      tags: ['busy'],
      invoke: {
        src: 'attachExisting',
        input: ({ context }) => ({
          locationId: context.locationId,
          stripeAccountId: context.existingId.trim(),
        }),
        onDone: [
          {
            guard: 'isAdmin',
            target: 'bank',
            actions: [assign({ account: ({ event }) => event.output }), 'notifyAttached'],
          },
          {
            target: 'leaving',
            actions: [assign({ account: ({ event }) => event.output }), 'notifyAttached'],
          },
        ],
        onError: { target: 'account', actions: fail(PROVIDER_MESSAGES.stripeConnectFailed) },
      },
    },
    /** A provider who attached an existing account goes back to the overview. */
    leaving: {
      type: 'final',
      entry: emit({ type: 'navigate', to: '/provider/overview' } as const),
    },
    bank: {
      on: {
        'bank.change': {
          actions: assign({
            bank: ({ context, event }) => ({ ...context.bank, [event.field]: event.value }),
          }),
        },
        'bank.submit': [
          { guard: 'isBankFormValid', target: 'connectingBank', actions: assign({ submitted: true }) },
          { actions: assign({ submitted: true }) },
        ],
        'onboarding.reset': { guard: 'isAdmin', target: 'resetting' },
      },
    },
    connectingBank: {
      tags: ['busy'],
      invoke: {
        src: 'connectBank',
        input: ({ context }) => ({ accountId: context.account?.id ?? '', bank: context.bank }),
        onDone: {
          target: 'complete',
          // The numbers are dropped as soon as the token has done its work.
          actions: assign({ account: ({ event }) => event.output, bank: EMPTY_BANK, submitted: false }),
        },
        onError: { target: 'bank', actions: fail(PROVIDER_MESSAGES.bankFailed) },
      },
    },
    complete: {
      on: { 'onboarding.reset': { guard: 'isAdmin', target: 'resetting' } },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        src: 'resetProgress',
        input: ({ context }) => ({ locationId: context.locationId, accountId: context.account?.id ?? null }),
        onDone: { target: 'reset' },
        onError: { target: 'complete', actions: fail(PAYOUTS_MESSAGES.resetFailed) },
      },
    },
    reset: {
      type: 'final',
      entry: emit({ type: 'navigate', to: '/providers' } as const),
    },
  },
});
