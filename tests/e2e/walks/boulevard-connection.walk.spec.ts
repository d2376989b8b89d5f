/**
 * The Boulevard connection's walk (boulevardConnectionMachine, on /provider/onboarding/credentials): a
 * provider account of the path's own, signed in with its wizard progress seeded at the BOULEVARD connection,
 * types a business id and verifies it against the API's scheduling sandbox. The sandbox answers "not
 * installed" until the business installs the app (its install endpoint, the step a person does in Boulevard),
 * then connected with locations, or with none for a business whose id starts `blvd-sandbox-noaddress-`. The
 * poll is shortened with the test builds' `pollMs`.
 */
import type { ModelPath } from '../../support/model';
import { boulevardConnectionMachine } from '../../../src/machines/connections/boulevard-connection.machine';
import { EMPTY_CREDENTIALS } from '../../../src/domain/onboarding/profile';
import { ONBOARDING_SLICE } from '../../../src/domain/onboarding/progress';
import { emptyProfile } from '../../../src/domain/onboarding/drafts';
import { checkA11y, expect, freshProvider, installBoulevard, tokenOf } from '../fixtures';
import { DEMO } from '../stack';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk } from './walk';

const RETRYING =
  'Unable to connect, provided business ID might be incorrect or app not yet installed, retrying...';
const NO_LOCATIONS =
  'Connected. But no valid locations found, please ensure all Boulevard locations have a valid address.';
const POLL_MS = 1000;

/** A location as the model's successful verification returns it (the walk compares states, not data). */
const LOCATED = {
  id: 'l',
  name: 'l',
  streetAddress: 's',
  addressLine2: null,
  city: 'c',
  state: 's',
  zip: 'z',
  country: 'US',
  coordinates: null,
  timezone: null,
};

/** What each verification of the path answers: not installed, connected with locations, or with none. */
function outcomesOf(path: ModelPath): Array<'fail' | 'ok' | 'none'> {
  return path.steps
    .filter((step) => step.kind === 'done.actor' || step.kind === 'error.actor')
    .map((step) =>
      step.kind === 'error.actor'
        ? 'fail'
        : ((step.event as { output?: { locations?: unknown[] } }).output?.locations?.length ?? 0) > 0
          ? 'ok'
          : 'none',
    );
}

interface Data {
  businessId: string;
}

let serial = 0;

registerWalk(
  defineWalk<typeof boulevardConnectionMachine, Data>({
    machine: boulevardConnectionMachine,
    file: 'tests/e2e/walks/boulevard-connection.walk.spec.ts',
    model: {
      input: { businessId: '' },
      events: {
        'business.change': [{ type: 'business.change', businessId: 'typed' }],
        'business.submit': [{ type: 'business.submit' }],
        'connection.continue': [{ type: 'connection.continue' }],
        'connection.back': [{ type: 'connection.back' }],
      },
      outputs: {
        verifyBusiness: [
          { locations: [LOCATED], providers: [] },
          { locations: [], providers: [] },
        ],
      },
    },
    unplayable: (path) => {
      // Not installed until the install; after it, the business always answers the same.
      const outcomes = outcomesOf(path);
      const after = outcomes.slice(outcomes.findIndex((o) => o !== 'fail'));
      return outcomes.every((o) => o === 'fail') || new Set(after).size === 1
        ? false
        : 'the sandbox business cannot lose its install or change its locations';
    },
    start: async (page, path) => {
      const kind = outcomesOf(path).includes('none') ? 'noaddress-' : '';
      const data = { businessId: `blvd-sandbox-${kind}walk-${Date.now()}-${++serial}` };
      await seedSignedIn(page, await freshProvider('walk-boulevard'), {
        [ONBOARDING_SLICE]: {
          strategy: 'BOULEVARD',
          reached: 1,
          profile: emptyProfile('America/Los_Angeles'),
          credentials: EMPTY_CREDENTIALS,
          ids: { credentialsId: null, locationId: null, providerId: null },
        },
      });
      await page.goto(`/provider/onboarding/credentials?pollMs=${POLL_MS}`);
      return data;
    },
    events: {
      'business.change': async ({ page, data }) => {
        // Emptied first, so the field reports a change even when Back left the same id in it.
        const field = page.getByLabel('Business ID');
        await field.fill('');
        await field.fill(data.businessId);
      },
      'business.submit': async ({ page }) => page.getByRole('button', { name: 'Next' }).click(),
      'connection.continue': async ({ page }) =>
        page.getByRole('button', { name: 'Verify connection' }).click(),
      'connection.back': async ({ page }) => page.getByRole('button', { name: 'Back' }).click(),
    },
    outcomes: {
      verifyBusiness: {
        // Installed before the check that must connect (the sandbox then answers for good).
        done: async ({ data }) => installBoulevard(await tokenOf(DEMO.admin), data.businessId),
        error: async () => {},
      },
    },
    delays: {
      boulevardPoll: async () => {},
      boulevardAdvance: async () => {},
    },
    checks: {
      enteringId: async ({ page, snapshot }) => {
        await expect(page.getByLabel('Business ID')).toBeVisible();
        const error = (snapshot.context as { error: string | null }).error;
        if (error) await expect(page.getByText(error)).toBeVisible();
      },
      instructions: async ({ page, data }) => {
        await expect(page.getByRole('button', { name: 'Verify connection' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Upkeep app in Boulevard' })).toHaveAttribute(
          'href',
          new RegExp(`businessId=${data.businessId}`),
        );
      },
      verifying: passThrough('the state value type names the compound state too; its children are checked'),
      'verifying.checking': passThrough('the sandbox answers within a moment'),
      'verifying.retrying': async ({ page }) => expect(page.getByText(RETRYING)).toBeVisible(),
      'verifying.noLocations': async ({ page }) => {
        await expect(page.getByText(NO_LOCATIONS)).toBeVisible();
        await checkA11y(page);
      },
      connected: async ({ page }) =>
        // 'Connected.' shows for a second before the flow moves on to step 1.
        expect
          .poll(
            async () =>
              (await page.getByText('Connected.', { exact: true }).isVisible()) || /step=1/.test(page.url()),
          )
          .toBe(true),
      done: async ({ page }) => expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/),
    },
  }),
);
