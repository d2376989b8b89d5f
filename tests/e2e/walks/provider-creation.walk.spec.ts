/**
 * The provider-creation rollback's walk (providerCreationMachine, invoked by the onboarding wizard at step 1
 * Next): a BOOKER provider account of the path's own fills in its business profile and presses Next; the
 * reference API's test-mode fault switch (the X-Test-Fault header, server/onboarding/faults.ts) makes the
 * location or the provider save fail, and the walk checks the catalogue toast and that the wizard stays on
 * step 1. Variant 1 creates; variant 2 first creates, goes Back and saves again (updates, which are never
 * undone).
 */
import type { Page } from '@playwright/test';
import { EMPTY_CREDENTIALS, NO_IDS } from '../../../src/domain/onboarding/profile';
import { PROVIDER_MESSAGES } from '../../../src/domain/shared/messages';
import {
  providerCreationMachine,
  type ProviderCreationInput,
} from '../../../src/machines/onboarding/provider-creation.machine';
import { COMPLETE_PROFILE } from '../../unit/machines/onboarding/fixtures';
import { expect, freshProvider, signIn } from '../fixtures';
import { defineWalk, passThrough, registerWalk, unreachable } from './walk';

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

interface Data {
  /** Fault targets armed for the next saves (`location`, `provider`). */
  faults: Set<string>;
}

const NOT_BUILT =
  'the credentials step (MINDBODY, SQUARE: /provider/onboarding/credentials) is not built yet';
const NO_DELETE_FAULT = 'the test-mode fault switch fails creates and updates only, never a delete';

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
}

const arm =
  (target: string) =>
  async ({ data }: { data: Data }) => {
    data.faults.add(target);
  };

const SUBMIT = { 'creation.submit': [{ type: 'creation.submit' as const }] };
/** Ids the saves answer with in the model (the real ones differ; the walk compares states, not ids). */
const OUTPUTS = { saveLocation: [{ id: 22 }], saveProvider: [{ id: 33 }] };

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
    ],
    start: async (page, _path, _arrange, variant): Promise<Data> => {
      const data: Data = { faults: new Set() };
      await page.route(/\/(locations|providers)(\/\d+)?$/, async (route) => {
        const method = route.request().method();
        const target = /\/locations/.test(route.request().url()) ? 'location' : 'provider';
        if ((method === 'POST' || method === 'PUT') && data.faults.has(target)) {
          await route.continue({ headers: { ...route.request().headers(), 'x-test-fault': target } });
        } else await route.continue();
      });
      const account = await freshProvider('walk-creation');
      await page.goto('/login');
      await signIn(page, account);
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/provider/onboarding');
      await page.getByLabel('BOOKER', { exact: true }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/provider\/onboarding\/location\?step=1/);
      await fillProfile(page, `Walk ${Date.now()}`);
      if (variant === 1) {
        // Saved once already: the next run updates the location and provider it made.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect(page).toHaveURL(/step=2/);
        await page.getByRole('button', { name: 'Back' }).click();
        await expect(page).toHaveURL(/step=1/);
      }
      return data;
    },
    events: {
      'creation.submit': async ({ page }) => page.getByRole('button', { name: 'Next' }).click(),
    },
    outcomes: {
      saveCredentials: { done: unreachable(NOT_BUILT), error: unreachable(NOT_BUILT) },
      saveLocation: { done: async () => {}, error: arm('location') },
      saveProvider: { done: async () => {}, error: arm('provider') },
      deleteLocation: { done: async () => {}, error: unreachable(NO_DELETE_FAULT) },
      deleteCredentials: { done: unreachable(NOT_BUILT), error: unreachable(NOT_BUILT) },
    },
    delays: {},
    checks: {
      idle: passThrough('the wizard submits the run as soon as it starts it'),
      savingCredentials: unreachable(NOT_BUILT),
      savingLocation: passThrough('a save answers within a moment'),
      compensatingLocationFailure: passThrough('a decision, left at once'),
      savingProvider: passThrough('a save answers within a moment'),
      compensatingProviderFailure: passThrough('a decision, left at once'),
      deletingLocation: passThrough('a delete answers within a moment'),
      deletingCredentials: unreachable(NOT_BUILT),
      failed: async ({ page, snapshot }) => {
        const failure = (snapshot.context as { failure: 'location' | 'provider' | null }).failure;
        const message =
          failure === 'location' ? PROVIDER_MESSAGES.locationFailed : PROVIDER_MESSAGES.providerFailed;
        await expect(page.getByText(message)).toBeVisible();
        await expect(page).toHaveURL(/step=1/);
      },
      created: async ({ page }) => {
        await expect(page).toHaveURL(/step=2/);
        await expect(
          page.getByRole('heading', { name: 'Assign BOOKER service items to Upkeep service items' }),
        ).toBeVisible();
      },
    },
  }),
);
