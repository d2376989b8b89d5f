import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiRequestError } from '../../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../../src/api/contract/error-codes';
import type { Place } from '../../../../src/api/contract/geo';
import type { Location, Provider } from '../../../../src/api/contract/provider';
import { PROVIDER_MESSAGES } from '../../../../src/domain/shared/messages';
import {
  providerManageMachine,
  type LoadedProvider,
  type ProviderManageEmitted,
  type SaveProviderInput,
  type SaveProviderResult,
} from '../../../../src/machines/providers/provider-manage.machine';
import { providerManageView } from '../../../../src/machines/providers/provider-manage.view';
import { LOCATION, PLACE, PROVIDER } from '../../../support/api-records';
import { assertFullCoverage, coverMachine, recordCoverage, LONG_WALK_LIMIT_MS } from '../../../support/model';

const location: Location = {
  ...LOCATION,
  version: 1,
  billingContactEmail: 'a@glow.test,b@glow.test',
  isOpenDay1: true,
  day1open: '8:00am',
  day1close: '5:00pm',
};

const provider: Provider = {
  ...PROVIDER,
  version: 1,
  description: 'Skin care',
  phoneNumber: '555-0100',
  location,
};

const santaMonica: Place = PLACE;

const allSaved: SaveProviderResult = {
  provider: { ok: true, record: { ...provider, name: 'Glow' } },
  location: { ok: true, record: location },
};
const locationRefused: SaveProviderResult = {
  provider: { ok: true, record: { ...provider, name: 'Glow' } },
  location: {
    ok: false,
    error: new ApiRequestError(400, 'validation/invalid', 'taxRate must be from 0 to 1', 'taxRate'),
  },
};

const stale = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');
const locationStale: SaveProviderResult = {
  provider: { ok: true, record: { ...provider, name: 'Glow', version: 2 } },
  location: { ok: false, error: stale },
};

function start(
  outcomes: {
    save?: SaveProviderResult;
    geocode?: Error;
    load?: Error;
    /** What loads after the first load (a reload after a stale save). */
    reload?: LoadedProvider | Error;
  } = {},
) {
  let loads = 0;
  const saves: SaveProviderInput[] = [];
  const geocodes: string[] = [];
  const actor = createActor(
    providerManageMachine.provide({
      actors: {
        loadProvider: fromPromise<LoadedProvider, { providerId: number }>(async () => {
          loads += 1;
          if (outcomes.load) throw outcomes.load;
          const reload = loads > 1 ? outcomes.reload : undefined;
          if (reload instanceof Error) throw reload;
          if (reload) return reload;
          return { provider, location };
        }),
        geocodeAddress: fromPromise(async ({ input }: { input: { address: string } }) => {
          geocodes.push(input.address);
          if (outcomes.geocode) throw outcomes.geocode;
          return santaMonica;
        }),
        saveProvider: fromPromise(async ({ input }: { input: SaveProviderInput }) => {
          saves.push(input);
          return saves.length === 1 ? (outcomes.save ?? allSaved) : allSaved;
        }),
      },
    }),
    { input: { providerId: 3 } },
  );
  const emitted: ProviderManageEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as ProviderManageEmitted));
  actor.start();
  return { actor, saves, geocodes, emitted, view: () => providerManageView(actor.getSnapshot()) };
}

describe('provider manage machine', () => {
  it('a stale location keeps the saved provider, and Reload puts what was typed on the fresh location', async () => {
    const fresh = { ...location, version: 2, zip: '90402', taxRate: 0.095 };
    const { actor, saves, emitted, view } = start({
      save: locationStale,
      reload: { provider: { ...provider, name: 'Glow', version: 2 }, location: fresh },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'provider.change', field: 'name', value: 'Glow' });
    actor.send({ type: 'location.change', field: 'billingContactEmail', value: 'mine@glow.test' });
    actor.send({ type: 'manage.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    expect(view()).toMatchObject({ stale: true, staleMessage: RECORD_STALE_MESSAGE, saveError: null });
    expect(view().canSave).toBe(false);
    expect(emitted.filter((e) => e.type === 'notify')).toEqual([]);
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view().stale).toBe(false);
    expect(view().locationDraft).toMatchObject({ zip: '90402', billingContactEmail: 'mine@glow.test' });
    expect(view().draft.name).toBe('Glow');
    expect(view().dirty).toBe(true);
    expect(emitted.some((e) => e.type === 'provider.saved')).toBe(true);
    actor.send({ type: 'manage.save' });
    await waitFor(actor, () => saves.length === 2);
    expect(saves[1]).toMatchObject({ providerVersion: 2, locationVersion: 2 });
  });

  it('a failed reload says so and keeps the drafts; Keep editing goes back to the form', async () => {
    const { actor, emitted, view } = start({ save: locationStale, reload: new Error('offline') });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'location.change', field: 'zip', value: '90404' });
    actor.send({ type: 'manage.save' });
    await waitFor(actor, (s) => s.matches('stale'));
    actor.send({ type: 'stale.reload' });
    await waitFor(actor, (s) => s.matches('stale') && !s.hasTag('reloading'));
    expect(emitted.filter((e) => e.type === 'notify').map((e) => e.message)).toEqual([
      'The record could not be reloaded. Try again.',
    ]);
    actor.send({ type: 'stale.dismiss' });
    expect(view()).toMatchObject({ stale: false, canSave: true });
    expect(view().locationDraft.zip).toBe('90404');
  });

  it('offers Save only once a draft differs from what was loaded, and not when typed back', async () => {
    const { actor, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view()).toMatchObject({ dirty: false, canSave: false });
    actor.send({ type: 'location.change', field: 'zip', value: '90404' });
    expect(view()).toMatchObject({ dirty: true, canSave: true });
    actor.send({ type: 'location.change', field: 'zip', value: location.zip ?? '' });
    expect(view()).toMatchObject({ dirty: false, canSave: false });
  });

  it('loads the provider into both drafts and saves them with "Saved Provider"', async () => {
    const { actor, saves, emitted, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view().locationDraft.coordinates).toBe('34.0336, -118.4979');
    actor.send({ type: 'provider.change', field: 'name', value: 'Glow' });
    actor.send({
      type: 'location.change',
      field: 'billingContactEmail',
      value: ' c@glow.test , d@glow.test ',
    });
    expect(view().dirty).toBe(true);
    actor.send({ type: 'manage.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.provider?.name === 'Glow');
    expect(saves[0]?.locationId).toBe(7);
    expect(saves[0]?.values.provider.name).toBe('Glow');
    expect(saves[0]?.values.location?.billingContactEmail).toBe('c@glow.test,d@glow.test');
    expect(saves[0]?.values.location?.coordinates).toEqual({ lat: 34.0336, lng: -118.4979 });
    expect(emitted).toContainEqual({
      type: 'notify',
      level: 'success',
      message: PROVIDER_MESSAGES.providerSaved,
    });
    expect(view().dirty).toBe(false);
  });

  it('an uploaded logo and cover are unsaved until Save sends them with the version read', async () => {
    const { actor, saves, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view().draft).toMatchObject({ logoURL: '', coverImageURL: '' });
    actor.send({ type: 'provider.change', field: 'coverImageURL', value: '/uploads/cover.png' });
    actor.send({ type: 'provider.change', field: 'logoURL', value: '/uploads/logo.png' });
    expect(view().dirty).toBe(true);
    actor.send({ type: 'manage.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]).toMatchObject({
      providerVersion: provider.version,
      values: { provider: { logoURL: '/uploads/logo.png', coverImageURL: '/uploads/cover.png' } },
    });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view().dirty).toBe(false);
  });

  it('takes a newer provider version another section saved (the fees switch), never an older one', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'provider.updated', provider: { version: 4, isUpkeepPayingProcessingFees: true } });
    actor.send({ type: 'provider.updated', provider: { version: 2, isUpkeepPayingProcessingFees: false } });
    expect(actor.getSnapshot().context.provider).toMatchObject({
      version: 4,
      isUpkeepPayingProcessingFees: true,
    });
    actor.send({ type: 'provider.change', field: 'name', value: 'Glow' });
    actor.send({ type: 'manage.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]).toMatchObject({ providerVersion: 4, locationVersion: location.version });
  });

  it('takes a newer location another section saved (the association), never an older one or another', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    const associated = { ...location, externalLocationId: 'mb-2', version: location.version + 1 };
    actor.send({ type: 'location.updated', location: associated });
    actor.send({ type: 'location.updated', location: { ...location, externalLocationId: 'old' } });
    actor.send({ type: 'location.updated', location: { ...associated, id: 99, version: 50 } });
    expect(actor.getSnapshot().context.location).toEqual(associated);
    expect(providerManageView(actor.getSnapshot()).dirty).toBe(false);
    actor.send({ type: 'location.change', field: 'zip', value: '90404' });
    actor.send({ type: 'manage.save' });
    await waitFor(actor, () => saves.length === 1);
    expect(saves[0]).toMatchObject({ locationVersion: location.version + 1 });
  });

  it('refuses an incomplete address, bad tax rate, emails and hours before any request', async () => {
    const { actor, saves, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'location.change', field: 'city', value: '' });
    actor.send({ type: 'location.change', field: 'taxRate', value: '150' });
    actor.send({ type: 'location.change', field: 'billingContactEmail', value: 'a@b.test, nope' });
    actor.send({ type: 'hours.change', day: 2, value: { isOpen: true, open: '5:00pm', close: '8:00am' } });
    actor.send({ type: 'manage.save' });
    expect(saves).toEqual([]);
    expect(view().errors).toMatchObject({
      address: PROVIDER_MESSAGES.addressRequired,
      taxRate: 'Tax rate must be a percent from 0 to 100',
      billingContactEmail: 'Not an email address: nope',
      day2: 'Closing time must be after opening time',
    });
  });

  it('geocodes a complete address without coordinates; a failure is "Address is invalid"', async () => {
    const ok = start();
    await waitFor(ok.actor, (s) => s.matches('editing'));
    ok.actor.send({ type: 'location.change', field: 'coordinates', value: '' });
    ok.actor.send({ type: 'manage.save' });
    await waitFor(ok.actor, (s) => ok.saves.length === 1 && s.matches('editing'));
    expect(ok.geocodes).toEqual(['1234 Montana Ave, Santa Monica, CA 90403, US']);
    expect(ok.saves[0]?.values.location?.coordinates).toEqual({ lat: 34.03, lng: -118.49 });

    const bad = start({
      geocode: new ApiRequestError(404, 'geo/place-not-found', 'No place found', 'address'),
    });
    await waitFor(bad.actor, (s) => s.matches('editing'));
    bad.actor.send({ type: 'location.change', field: 'coordinates', value: '' });
    bad.actor.send({ type: 'manage.save' });
    await waitFor(bad.actor, (s) => s.matches('editing') && s.context.errors.address !== undefined);
    expect(bad.view().errors.address).toBe(PROVIDER_MESSAGES.addressInvalid);
    expect(bad.saves).toEqual([]);
  });

  it('a partial failure says "Failed to update provider" and keeps what was typed', async () => {
    const { actor, emitted, view } = start({ save: locationRefused });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'provider.change', field: 'name', value: 'Glow' });
    actor.send({ type: 'location.change', field: 'taxRate', value: '20' });
    actor.send({ type: 'manage.save' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errors.taxRate !== undefined);
    expect(emitted).toContainEqual({
      type: 'notify',
      level: 'error',
      message: PROVIDER_MESSAGES.providerUpdateFailed,
    });
    expect(view().locationDraft.taxRate).toBe('20');
    expect(view().errors.taxRate).toBe('taxRate must be from 0 to 1');
    // The provider part was saved; only the location is still unsaved.
    expect(actor.getSnapshot().context.savedDraft.name).toBe('Glow');
    expect(view().dirty).toBe(true);
  });

  it('a picked address fills the draft; copying a day copies its hours', async () => {
    const { actor, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'address.pick', place: santaMonica });
    expect(view().locationDraft).toMatchObject({
      streetAddress: '1234 Montana Ave',
      zip: '90403',
      coordinates: '34.03, -118.49',
    });
    actor.send({ type: 'hours.copy', from: 1, to: [2, 3] });
    expect(view().locationDraft.hours).toMatchObject({
      isOpenDay3: true,
      day3open: '8:00am',
      day3close: '5:00pm',
    });
  });

  it('is dirty (the unsaved-changes guard asks) only while a draft differs from what is saved', async () => {
    const { actor, view } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(view().dirty).toBe(false);
    actor.send({ type: 'provider.sms', value: true });
    expect(view().dirty).toBe(true);
    actor.send({ type: 'provider.sms', value: false });
    expect(view().dirty).toBe(false);
    actor.send({ type: 'hours.change', day: 7, value: { isOpen: true, open: '9:00am', close: '1:00pm' } });
    expect(view().dirty).toBe(true);
  });

  it(
    'walks every state and transition',
    async () => {
      const report = await coverMachine(providerManageMachine, {
        input: { providerId: 3 },
        events: {
          'load.retry': [{ type: 'load.retry' }],
          'provider.change': [
            { type: 'provider.change', field: 'name', value: '' },
            { type: 'provider.change', field: 'description', value: 'New' },
            { type: 'provider.change', field: 'coverImageURL', value: '/uploads/cover.png' },
          ],
          'provider.sms': [{ type: 'provider.sms', value: true }],
          'provider.availableAfter': [{ type: 'provider.availableAfter', value: 7 }],
          'location.change': [
            { type: 'location.change', field: 'coordinates', value: '' },
            { type: 'location.change', field: 'zip', value: '90404' },
          ],
          'location.flag': [{ type: 'location.flag', field: 'isPublic', value: false }],
          'address.pick': [{ type: 'address.pick', place: santaMonica }],
          'hours.change': [
            { type: 'hours.change', day: 7, value: { isOpen: true, open: '9:00am', close: '1:00pm' } },
          ],
          'hours.copy': [{ type: 'hours.copy', from: 1, to: [2] }],
          'manage.save': [{ type: 'manage.save' }],
          'stale.reload': [{ type: 'stale.reload' }],
          'stale.dismiss': [{ type: 'stale.dismiss' }],
          'provider.updated': [
            {
              type: 'provider.updated',
              provider: { version: provider.version + 1, isUpkeepPayingProcessingFees: true },
            },
          ],
          'location.updated': [
            { type: 'location.updated', location: { ...location, version: location.version + 1 } },
          ],
        },
        outputs: {
          loadProvider: [{ provider, location }],
          geocodeAddress: [santaMonica],
          saveProvider: [allSaved, locationRefused, locationStale],
        },
        errors: { saveProvider: [stale, new Error('offline')] },
        // What changes behaviour: the state, a blank name (invalid), blank coordinates (geocoding), unsaved changes.
        serializeState: (snapshot) =>
          JSON.stringify([
            snapshot.value,
            snapshot.context.draft.name === '',
            snapshot.context.locationDraft.coordinates === '',
            providerManageView(snapshot).dirty,
          ]),
      });
      recordCoverage(report);
      assertFullCoverage(report);
    },
    LONG_WALK_LIMIT_MS,
  );
});
