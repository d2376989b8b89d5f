/**
 * The provider-creation rollback's walk (providerCreationMachine, invoked by the onboarding wizard at step 1
 * Next): a provider account of the path's own presses Next on its business profile; the reference API's
 * test-mode fault switch (the X-Test-Fault header, server/http/test-faults.ts) makes the credentials, the
 * location or the provider save fail, or a delete of the undo (`location:DELETE`, `credentials:DELETE`), and
 * the walk checks the catalogue toast (and, when a delete of the undo failed, the notice naming what is left)
 * and that the wizard stays on step 1. Variants: 0, BOOKER creating;
 * 1, BOOKER saving again after Next and Back (updates, which are never undone); 2, MINDBODY creating its
 * credentials first; 3, MINDBODY with a location saved before (updated, so only the credentials are undone).
 * Variants 0, 2 and 3 start from seeded wizard progress, already signed in.
 */
import type { Page } from '@playwright/test';
import { EMPTY_CREDENTIALS, NO_IDS, type SavedIds } from '../../../src/domain/onboarding/profile';
import { ONBOARDING_SLICE } from '../../../src/domain/onboarding/progress';
import type { OnboardingStrategy } from '../../../src/domain/onboarding/strategies';
import { PROVIDER_MESSAGES } from '../../../src/domain/shared/messages';
import { STRATEGY_LABELS } from '../../../src/domain/providers/provider-list';
import {
  providerCreationMachine,
  type ProviderCreationInput,
} from '../../../src/machines/onboarding/provider-creation.machine';
import { COMPLETE_PROFILE } from '../../unit/machines/onboarding/fixtures';
import { api, expect, freshProvider, imagesUploaded, signIn, tokenOf } from '../fixtures';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk } from './walk';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const booker: ProviderCreationInput = {
  strategy: 'BOOKER',
  profile: COMPLETE_PROFILE,
  credentials: EMPTY_CREDENTIALS,
  ids: NO_IDS,
};
/** MINDBODY credentials as its connection step leaves them (the sandbox's demo site). */
const MINDBODY_CREDENTIALS = { ...EMPTY_CREDENTIALS, username: 'Siteowner', siteId: '-99' };
const mindbody: ProviderCreationInput = {
  ...booker,
  strategy: 'MINDBODY',
  credentials: MINDBODY_CREDENTIALS,
};

interface Data {
  /** Fault targets armed for the next calls (`credentials`, `location`, `provider`, `location:DELETE`…). */
  faults: Set<string>;
}

async function fillProfile(page: Page, name: string) {
  await page.getByLabel('Business name').fill(name);
  await page.getByLabel('Street').fill('500 Ocean Ave');
  await page.getByLabel('City').fill('Santa Monica');
  await page.getByLabel('State').fill('CA');
  await page.getByLabel('Zip').fill('90402');
  await page.getByLabel('Country').fill('US');
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('Description').fill('Facials by the beach');
  await expect(page.getByText(/^Coordinates: /)).toBeVisible();
  await imagesUploaded(page);
}

const arm =
  (target: string) =>
  async ({ data }: { data: Data }) => {
    data.faults.add(target);
  };

const SUBMIT = { 'creation.submit': [{ type: 'creation.submit' as const }] };
/** Ids the saves answer with in the model (the real ones differ; the walk compares states, not ids). */
const OUTPUTS = { saveCredentials: [{ id: 11 }], saveLocation: [{ id: 22 }], saveProvider: [{ id: 33 }] };

/** Opens step 1 of the wizard signed in, its progress seeded: strategy, profile and saved ids. */
async function openSeeded(
  page: Page,
  strategy: OnboardingStrategy,
  ids: (token: string) => Promise<SavedIds>,
) {
  const account = await freshProvider('walk-creation');
  const saved = await ids(await tokenOf(account));
  await seedSignedIn(page, account, {
    [ONBOARDING_SLICE]: {
      strategy,
      reached: 1,
      profile: { ...COMPLETE_PROFILE, name: `Walk ${Date.now()}`, logoURL: '', coverImageURL: '' },
      credentials: strategy === 'MINDBODY' ? MINDBODY_CREDENTIALS : EMPTY_CREDENTIALS,
      ids: saved,
    },
  });
  await page.goto('/provider/onboarding/location?step=1');
  await expect(page.getByLabel('Business name')).toHaveValue(/^Walk /);
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel('Cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await imagesUploaded(page);
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
}

registerWalk(
  defineWalk<typeof providerCreationMachine, Data>({
    machine: providerCreationMachine,
    file: 'tests/e2e/walks/provider-creation.walk.spec.ts',
    spawnedByFirstEvent: true,
    model: [
      { input: booker, events: SUBMIT, outputs: OUTPUTS },
      {
        input: { ...booker, ids: { ...NO_IDS, locationId: 22, providerId: 33 } },
        events: SUBMIT,
        outputs: OUTPUTS,
      },
      { input: mindbody, events: SUBMIT, outputs: OUTPUTS },
      { input: { ...mindbody, ids: { ...NO_IDS, locationId: 22 } }, events: SUBMIT, outputs: OUTPUTS },
    ],
    start: async (page, _path, _arrange, variant): Promise<Data> => {
      const data: Data = { faults: new Set() };
      // The armed faults ride on every save and delete; the server fails only the ones they name.
      await page.route(/\/(credentials|locations|providers)(\/\d+)?$/, async (route) => {
        if (data.faults.size === 0) return route.continue();
        const fault = [...data.faults].join(',');
        await route.continue({ headers: { ...route.request().headers(), 'x-test-fault': fault } });
      });
      if (variant !== 1) {
        const strategy = variant === 0 ? 'BOOKER' : 'MINDBODY';
        await openSeeded(page, strategy, async (token) => {
          if (variant !== 3) return NO_IDS;
          // A location this account saved before: the run updates it and never deletes it.
          const location = await api<{ id: number }>(token, 'POST', '/locations', {
            streetAddress: '500 Ocean Ave',
            city: 'Santa Monica',
            state: 'CA',
            zip: '90402',
            country: 'US',
          });
          return { ...NO_IDS, locationId: location.id };
        });
        return data;
      }
      const account = await freshProvider('walk-creation');
      await page.goto('/login');
      await signIn(page, account);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/provider/onboarding');
      await page.getByLabel('Booker', { exact: true }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
      await fillProfile(page, `Walk ${Date.now()}`);
      // Saved once already: the next run updates the location and provider it made.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/step=2/);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page).toHaveURL(/step=1/);
      return data;
    },
    events: {
      'creation.submit': async ({ page }) => page.getByRole('button', { name: 'Next' }).click(),
    },
    outcomes: {
      saveCredentials: { done: async () => {}, error: arm('credentials') },
      saveLocation: { done: async () => {}, error: arm('location') },
      saveProvider: { done: async () => {}, error: arm('provider') },
      deleteLocation: { done: async () => {}, error: arm('location:DELETE') },
      deleteCredentials: { done: async () => {}, error: arm('credentials:DELETE') },
    },
    delays: {},
    checks: {
      idle: passThrough('the wizard submits the run as soon as it starts it'),
      savingCredentials: passThrough('a save answers within a moment'),
      savingLocation: passThrough('a save answers within a moment'),
      compensatingLocationFailure: passThrough('a decision, left at once'),
      savingProvider: passThrough('a save answers within a moment'),
      compensatingProviderFailure: passThrough('a decision, left at once'),
      deletingLocation: passThrough('a delete answers within a moment'),
      deletingCredentials: passThrough('a delete answers within a moment'),
      reportingLeftBehind: passThrough('a decision, left at once'),
      failed: async ({ page, snapshot }) => {
        const { failure, leftBehind } = snapshot.context as {
          failure: 'credentials' | 'location' | 'provider' | null;
          leftBehind: ('location' | 'credentials')[];
        };
        if (leftBehind.length > 0) {
          const records = leftBehind.map((record) =>
            record === 'location' ? 'new location' : 'new scheduling credentials',
          );
          await expect(page.getByText(PROVIDER_MESSAGES.rollbackLeftBehind(records))).toBeVisible();
        }
        const message =
          failure === 'credentials'
            ? PROVIDER_MESSAGES.credentialsFailed
            : failure === 'location'
              ? PROVIDER_MESSAGES.locationFailed
              : PROVIDER_MESSAGES.providerFailed;
        await expect(page.getByText(message)).toBeVisible();
        await expect(page).toHaveURL(/step=1/);
      },
      created: async ({ page, snapshot }) => {
        const strategy = (snapshot.context as ProviderCreationInput).strategy;
        await expect(page).toHaveURL(/step=2/);
        await expect(
          page.getByRole('heading', {
            name: `Assign ${STRATEGY_LABELS[strategy]} service items to Upkeep service items`,
          }),
        ).toBeVisible();
      },
    },
  }),
);
