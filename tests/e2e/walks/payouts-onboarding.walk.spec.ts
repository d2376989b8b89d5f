/**
 * Payouts onboarding's walk (payoutsOnboardingMachine, /provider/onboarding/stripe): a provider of the
 * path's own with a location (made over the API), opened by the demo admin viewing as it, or by a provider
 * account of its own for the paths that need the provider's side (attaching an existing account sends a
 * provider to the overview).
 *
 * The location's account is where the path's load says, arranged over the API and the local payments
 * sandbox before the page opens: none, a new account (attached, nothing submitted), one whose details were
 * submitted on the sandbox's hosted page (the bank is due), or one with the bank connected. An existing
 * account to attach is made the same way, with its details submitted. A call that must fail carries the
 * reference API's test-mode fault switch: `X-Test-Fault: settlement-account` (`:GET`, `:DELETE`) for the
 * calls under /settlement-accounts, `location` for attaching the new account to the location.
 */
import type { Page, Route } from '@playwright/test';
import { TEST_FAULT_HEADER } from '../../../src/api/contract/onboarding';
import { STRIPE_STANDIN_PUBLISHABLE_KEY, type SettlementAccount } from '../../../src/api/contract/payouts';
import { decodeTokenClaims, SESSION_SLICE } from '../../../src/domain/auth/session';
import { bankFormErrors, PAYOUTS_MESSAGES, type BankForm } from '../../../src/domain/payouts/onboarding';
import { PROVIDER_MESSAGES } from '../../../src/domain/shared/messages';
import {
  payoutsOnboardingMachine,
  type PayoutsOnboardingContext,
} from '../../../src/machines/payouts/payouts-onboarding.machine';
import { api, checkA11y, expect, freshProvider, ownProvider, tokenOf } from '../fixtures';
import { DEMO, E2E } from '../stack';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk } from './walk';

/** The calls the flow makes, told apart by method and address. */
type Call = 'load' | 'createLink' | 'fetchLink' | 'attachLocation' | 'remove' | 'attachExisting' | 'bank';

interface Data {
  admin: string;
  providerId: number;
  locationId: number;
  /** The account to type into "Existing Stripe account id" (made with its details submitted). */
  existingId: string;
  /** The calls the path makes fail, each once (a failed GET's one retry fails too). */
  faults: Set<Call>;
  retries: Set<Call>;
}

/** The loaded account at each step, as far as the chart reads it (the location's account is arranged so). */
const atStep = (details_submitted: boolean, currently_due: string[]) =>
  ({ id: 'acct_1', details_submitted, requirements: { currently_due } }) as SettlementAccount;
const NEW = atStep(false, ['external_account', 'tos_acceptance.date']);
const BANK_DUE = atStep(true, ['external_account']);
const DONE = atStep(true, []);

const ROUTING = '110000000';
const ACCOUNT = '000123456789';
const BANK_LABELS: Record<keyof BankForm, { name: string; exact?: boolean }> = {
  routingNumber: { name: 'Routing number' },
  accountNumber: { name: 'Account number', exact: true },
  confirmAccountNumber: { name: 'Confirm account number' },
};

/** Where the fault switch goes for each call, and which call a request is. */
const FAULT: Record<Call, string> = {
  load: 'settlement-account:GET',
  createLink: 'settlement-account',
  fetchLink: 'settlement-account:GET',
  attachLocation: 'location',
  remove: 'settlement-account:DELETE',
  attachExisting: 'settlement-account',
  bank: 'settlement-account',
};
function callOf(method: string, pathname: string): Call | null {
  if (method === 'PUT' && /^\/locations\/\d+$/.test(pathname)) return 'attachLocation';
  if (method === 'POST' && pathname === '/settlement-accounts/onboarding-link') return 'createLink';
  if (method === 'GET' && pathname.startsWith('/settlement-accounts/onboarding-link/')) return 'fetchLink';
  if (method === 'POST' && pathname.startsWith('/settlement-accounts/bank-account/')) return 'bank';
  if (method === 'POST' && /^\/settlement-accounts\/?$/.test(pathname)) return 'attachExisting';
  if (method === 'GET' && /^\/settlement-accounts\/acct_[^/]+$/.test(pathname)) return 'load';
  if (method === 'DELETE' && /^\/settlement-accounts\/acct_[^/]+$/.test(pathname)) return 'remove';
  return null;
}

let serial = 0;
let adminUid: Promise<string> | null = null;

/** An account made for the location, with its details submitted and its bank connected as asked. */
async function makeAccount(data: Data, upTo: 'new' | 'bankDue' | 'done'): Promise<string> {
  const { accountId, url } = await api<{ accountId: string; url: string }>(
    data.admin,
    'POST',
    '/settlement-accounts/onboarding-link',
    { locationId: data.locationId },
  );
  if (upTo === 'new') return accountId;
  // The Stripe stand-in's hosted page: submitting (with the link's state) meets every requirement but the bank.
  const state = new URL(url).searchParams.get('state') ?? '';
  const submitted = await fetch(`${E2E.apiUrl}/standins/stripe/setup/${accountId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ business_name: 'Walk Studio', state }).toString(),
  });
  expect(submitted.status).toBe(200);
  if (upTo === 'bankDue') return accountId;
  // The bank token as the browser makes it: at the payment provider, with the publishable key.
  const tokenised = await fetch(`${E2E.apiUrl}/standins/stripe/v1/tokens`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${STRIPE_STANDIN_PUBLISHABLE_KEY}` },
    body: new URLSearchParams({
      'bank_account[routing_number]': ROUTING,
      'bank_account[account_number]': ACCOUNT,
    }),
  });
  const token = (await tokenised.json()) as { id: string };
  await api(data.admin, 'POST', `/settlement-accounts/bank-account/${accountId}`, {
    bankAccountToken: token.id,
  });
  return accountId;
}

async function locationAccount(data: Data): Promise<string | null> {
  const list = await api<{ id: number; settlementAccount: { id: string } | null }[]>(
    data.admin,
    'GET',
    '/locations',
  );
  return list.find((location) => location.id === data.locationId)?.settlementAccount?.id ?? null;
}

async function attachToLocation(data: Data, accountId: string) {
  const list = await api<{ id: number; version: number }[]>(data.admin, 'GET', '/locations');
  const location = list.find((found) => found.id === data.locationId);
  await api(data.admin, 'PUT', `/locations/${data.locationId}`, {
    settlementAccount: { id: accountId },
    version: location?.version,
  });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** The toast a step ends with, when it says something. */
const SAID: Record<string, string> = {
  'error: loadAccount': PROVIDER_MESSAGES.stripeStatusFailed,
  'error: createLink': PROVIDER_MESSAGES.settlementCreateFailed,
  'done: deleteAccount': PROVIDER_MESSAGES.attachFailed,
  'error: deleteAccount': PROVIDER_MESSAGES.attachFailed,
  'error: fetchLink': PROVIDER_MESSAGES.onboardingLinkFailed,
  'error: attachExisting': PROVIDER_MESSAGES.stripeConnectFailed,
  'done: attachExisting': PROVIDER_MESSAGES.stripeAttached,
  'error: connectBank': PROVIDER_MESSAGES.bankFailed,
  'error: resetProgress': PAYOUTS_MESSAGES.resetFailed,
};

async function saidByStep(page: Page, label: string | undefined) {
  const message = label === undefined ? undefined : SAID[label.replace(/ \{.*$/, '')];
  if (message) await expect(toast(page, message)).toBeVisible();
}

const EVENTS = {
  'existingId.change': [{ type: 'existingId.change', value: 'acct_1' }],
  'link.create': [{ type: 'link.create' }],
  'existing.attach': [{ type: 'existing.attach' }],
  'bank.change': [
    { type: 'bank.change', field: 'routingNumber', value: ROUTING },
    { type: 'bank.change', field: 'accountNumber', value: ACCOUNT },
    { type: 'bank.change', field: 'confirmAccountNumber', value: ACCOUNT },
  ],
  'bank.submit': [{ type: 'bank.submit' }],
  'onboarding.reset': [{ type: 'onboarding.reset' }],
} as const;
const OUTPUTS = {
  loadAccount: [null, NEW, BANK_DUE, DONE],
  createLink: [{ id: 'acct_new', accountId: 'acct_new', url: 'http://sandbox' }],
  fetchLink: [{ id: 'acct_1', accountId: 'acct_1', url: 'http://sandbox' }],
  attachExisting: [BANK_DUE],
  connectBank: [DONE],
};
/**
 * Vertices: the state, the loaded account's step, an id typed or not, how much of the bank form is filled,
 * and whether a created account was left (its delete failed) and still has its link.
 */
const serializeState = (s: { value: unknown; context: PayoutsOnboardingContext }) =>
  JSON.stringify([
    s.value,
    s.context.account?.requirements.currently_due.length ?? null,
    s.context.existingId !== '',
    Object.values(s.context.bank).filter(Boolean).length,
    s.context.submitted,
    s.context.createdAccountId !== null,
    s.context.url !== null,
  ]);

registerWalk(
  defineWalk<typeof payoutsOnboardingMachine, Data>({
    machine: payoutsOnboardingMachine,
    file: 'tests/e2e/walks/payouts-onboarding.walk.spec.ts',
    model: [true, false].map((isAdmin) => ({
      input: { locationId: 7, settlementAccountId: 'acct_1', isAdmin },
      events: EVENTS,
      outputs: OUTPUTS,
      serializeState,
    })),
    leavesTo: /\/standins\/stripe\/setup\//,
    unplayable: (path) => {
      const why = path.steps.map((step, i): string | false => {
        const context = (i === 0 ? path.initial : path.steps[i - 1]?.snapshot)
          ?.context as PayoutsOnboardingContext;
        const event = step.event as { type: string; field?: keyof BankForm; value?: string };
        if (event.type === 'existing.attach' && context.existingId === '')
          return 'Attach is disabled until an id is typed';
        if (event.type === 'onboarding.reset' && !context.isAdmin) return 'a provider has no Reset';
        if (event.type === 'existingId.change' && context.existingId !== '')
          return 'the id typed again is the same id';
        if (event.type === 'bank.change' && event.field && context.bank[event.field] === event.value)
          return 'a field typed again with the same value does not change';
        return false;
      });
      return why.find(Boolean) ?? false;
    },
    start: async (page, path, arrange): Promise<Data> => {
      const admin = await tokenOf(DEMO.admin);
      const isAdmin = (path.initial.context as PayoutsOnboardingContext).isAdmin;
      const name = `Walk Payouts ${Date.now()}-${++serial}`;
      const made = await ownProvider(name);
      const data: Data = {
        admin,
        providerId: made.id,
        locationId: made.locationId,
        existingId: '',
        faults: new Set(),
        retries: new Set(),
      };
      if (path.steps.some((step) => step.event.type === 'existingId.change'))
        data.existingId = await makeAccount(data, 'bankDue');
      const withFault = (route: Route, fault: string) =>
        route.fallback({ headers: { ...route.request().headers(), [TEST_FAULT_HEADER]: fault } });
      await page.route(
        (url) => url.origin === E2E.apiUrl,
        async (route) => {
          const request = route.request();
          const call = callOf(request.method(), new URL(request.url()).pathname);
          if (call && data.retries.delete(call)) return withFault(route, FAULT[call]);
          if (call && data.faults.delete(call)) {
            if (request.method() === 'GET') data.retries.add(call);
            return withFault(route, FAULT[call]);
          }
          return route.fallback();
        },
      );
      await arrange(data);
      if (isAdmin) {
        adminUid ??= Promise.resolve(decodeTokenClaims(admin)?.uid ?? '');
        await seedSignedIn(page, DEMO.admin, {
          [SESSION_SLICE]: { uid: await adminUid, isAdmin: true, viewAsProvider: true, providerId: made.id },
        });
      } else {
        await seedSignedIn(page, await freshProvider('walk-payouts', [made.id]));
      }
      await page.goto(`/provider/onboarding/stripe?provider=${made.id}`);
      return data;
    },
    events: {
      'existingId.change': async ({ page, data }) =>
        page.getByLabel('Existing Stripe account id').fill(data.existingId),
      'link.create': async ({ page }) =>
        page.getByRole('button', { name: /^(Connect To Stripe|Complete Stripe Account)$/ }).click(),
      'existing.attach': async ({ page }) => page.getByRole('button', { name: 'Attach' }).click(),
      'bank.change': async ({ page, event }) =>
        page.getByLabel(BANK_LABELS[event.field].name, { exact: true }).fill(event.value),
      'bank.submit': async ({ page }) => page.getByRole('button', { name: 'Connect Bank Account' }).click(),
      'onboarding.reset': async ({ page }) => page.getByRole('button', { name: 'Reset' }).click(),
    },
    outcomes: {
      loadAccount: {
        // The location's account as the load must find it (none, new, bank due, bank connected).
        done: async ({ data, event }) => {
          const output = event.output as SettlementAccount | null;
          if (output === null) return;
          const due = output.requirements.currently_due;
          const upTo = !output.details_submitted ? 'new' : due.length > 0 ? 'bankDue' : 'done';
          await attachToLocation(data, await makeAccount(data, upTo));
        },
        error: async ({ data }) => {
          // An account is attached (else nothing is read), and reading it fails.
          await attachToLocation(data, await makeAccount(data, 'new'));
          data.faults.add('load');
        },
      },
      createLink: { done: async () => {}, error: async ({ data }) => void data.faults.add('createLink') },
      fetchLink: { done: async () => {}, error: async ({ data }) => void data.faults.add('fetchLink') },
      attachToLocation: {
        done: async () => {},
        error: async ({ data }) => void data.faults.add('attachLocation'),
      },
      deleteAccount: { done: async () => {}, error: async ({ data }) => void data.faults.add('remove') },
      attachExisting: {
        done: async () => {},
        error: async ({ data }) => void data.faults.add('attachExisting'),
      },
      connectBank: { done: async () => {}, error: async ({ data }) => void data.faults.add('bank') },
      resetProgress: { done: async () => {}, error: async ({ data }) => void data.faults.add('remove') },
    },
    delays: {},
    checks: {
      loading: passThrough('the account is read within a moment'),
      routing: passThrough('a transient state: it picks the step at once'),
      account: async ({ page, data, snapshot, step }) => {
        const context = snapshot.context as PayoutsOnboardingContext;
        await saidByStep(page, step?.label);
        await expect(page).toHaveURL(/\/provider\/onboarding\/stripe/);
        await expect(
          page.getByRole('button', {
            name: context.account ? 'Complete Stripe Account' : 'Connect To Stripe',
          }),
        ).toBeEnabled();
        await expect(page.getByLabel('Existing Stripe account id')).toHaveValue(
          context.existingId ? data.existingId : '',
        );
        const attach = page.getByRole('button', { name: 'Attach' });
        if (context.existingId) await expect(attach).toBeEnabled();
        else await expect(attach).toBeDisabled();
        if (step?.label === 'done: deleteAccount' || step?.label === 'error: deleteAccount') {
          // Compensated: the location points at no account.
          expect(await locationAccount(data)).toBeNull();
        }
      },
      creatingLink: passThrough('the link is made within a moment'),
      attachingLink: passThrough('the account is attached within a moment'),
      compensating: passThrough('the account is deleted within a moment'),
      fetchingLink: passThrough('the link is read within a moment'),
      redirecting: async ({ page, data }) => {
        // The sandbox's hosted onboarding page, for the account now on the location.
        await expect(page).toHaveURL(/\/standins\/stripe\/setup\/acct_/);
        await expect(page.getByRole('button', { name: 'Submit details' })).toBeVisible();
        const attached = await locationAccount(data);
        expect(attached).not.toBeNull();
        expect(page.url()).toContain(`/standins/stripe/setup/${attached ?? ''}`);
      },
      attachingExisting: passThrough('the account is attached within a moment'),
      leaving: async ({ page, data }) => {
        await expect(toast(page, PROVIDER_MESSAGES.stripeAttached)).toBeVisible();
        await expect(page).toHaveURL(/\/provider\/overview/);
        expect(await locationAccount(data)).toBe(data.existingId);
      },
      bank: async ({ page, snapshot, step }) => {
        const context = snapshot.context as PayoutsOnboardingContext;
        await saidByStep(page, step?.label);
        await expect(page.getByRole('heading', { name: 'Connect your bank account' })).toBeVisible();
        for (const [field, label] of Object.entries(BANK_LABELS))
          await expect(page.getByLabel(label.name, { exact: true })).toHaveValue(
            context.bank[field as keyof BankForm],
          );
        const errors = context.submitted ? Object.values(bankFormErrors(context.bank)) : [];
        for (const message of new Set(errors)) await expect(page.getByText(message).first()).toBeVisible();
        if (errors.length > 0) await checkA11y(page, 'payouts bank step with errors');
        await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(context.isAdmin ? 1 : 0);
      },
      connectingBank: passThrough('the bank is connected within a moment'),
      complete: async ({ page, snapshot, step }) => {
        await saidByStep(page, step?.label);
        await expect(page.getByRole('heading', { name: 'Account Creation Successful' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Learn More' })).toBeVisible();
        const isAdmin = (snapshot.context as PayoutsOnboardingContext).isAdmin;
        await expect(page.getByRole('button', { name: 'Reset' })).toHaveCount(isAdmin ? 1 : 0);
      },
      resetting: passThrough('the reset is answered within a moment'),
      reset: async ({ page, data }) => {
        await expect(page).toHaveURL(/\/providers$/);
        expect(await locationAccount(data)).toBeNull();
      },
    },
  }),
);
