import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Place, PlaceSuggestion } from '../../api/contract/geo';
import { geoApi } from '../../api/geo/geo';
import { providersApi } from '../../api/providers/providers';
import { settingsApi } from '../../api/settings/settings';
import type { LoadedProvider, SaveProviderInput, SaveProviderResult } from './provider-manage.machine';

const settled = async <T>(work: () => Promise<T>) => {
  try {
    return { ok: true as const, record: await work() };
  } catch (error) {
    return { ok: false as const, error };
  }
};

/** The version a record was read at: the view saves only what it loaded, so it is always there. */
function readAt(version: number | undefined, what: string): number {
  if (version === undefined) throw new Error(`The ${what} was not loaded`);
  return version;
}

/**
 * The manage view's side effects: load one provider (from the caller's providers: a provider user only ever
 * sees their own) with the marketplace's default zone (a new location's draft starts in it), geocode an address, and save the provider and its location as two requests whose
 * outcomes come back as values. A provider without a location gets one created and linked to it (deleted
 * again when the provider's update, which links it, is refused).
 */
export function createProviderManageActors(api: ApiClient) {
  const providers = providersApi(api);
  const geo = geoApi(api);
  const settings = settingsApi(api);
  return {
    loadProvider: fromPromise<LoadedProvider, { providerId: number }>(async ({ input }) => {
      const [provider, defaultTimezone] = await Promise.all([
        providers.get(input.providerId),
        // Only a new location's draft needs it; without the settings the draft keeps the spec's zone.
        settings.get().then(
          (values) => values.defaultTimezone,
          () => undefined,
        ),
      ]);
      if (!provider) throw new Error('Provider not found');
      return {
        provider,
        location: provider.location,
        ...(defaultTimezone === undefined ? {} : { defaultTimezone }),
      };
    }),
    geocodeAddress: fromPromise<Place, { address: string }>(({ input }) => geo.geocode(input.address)),
    saveProvider: fromPromise<SaveProviderResult, SaveProviderInput>(async ({ input }) => {
      const { values } = input;
      if (input.locationId === null && values.location !== null) {
        const created = await settled(() => providers.createLocation(values.location ?? {}));
        const provider = await settled(() =>
          providers.update(input.providerId, {
            ...values.provider,
            version: readAt(input.providerVersion, 'provider'),
            ...(created.ok ? { locationId: created.record.id } : {}),
          }),
        );
        if (created.ok && !provider.ok) {
          // Only the provider's update links the new location: refused, the location belongs to nobody and
          // the view would keep it as saved, so the next save would update it and never link it. It is
          // taken away again and refused with the provider, so the next save creates and links it.
          await providers.removeLocation(created.record.id).catch(() => undefined);
          return { provider, location: { ok: false as const, error: provider.error } };
        }
        return { provider, location: created };
      }
      const [provider, location] = await Promise.all([
        settled(() =>
          providers.update(input.providerId, {
            ...values.provider,
            version: readAt(input.providerVersion, 'provider'),
          }),
        ),
        input.locationId !== null && values.location !== null
          ? settled(() =>
              providers.updateLocation(input.locationId as number, {
                ...(values.location ?? {}),
                version: readAt(input.locationVersion, 'location'),
              }),
            )
          : Promise.resolve({ ok: true as const, record: null }),
      ]);
      return { provider, location };
    }),
  };
}

/** Address autocomplete through the geo interface. */
export function createAddressSearchActors(api: ApiClient) {
  const geo = geoApi(api);
  return {
    searchAddresses: fromPromise<PlaceSuggestion[], { text: string }>(({ input, signal }) =>
      geo.autocomplete(input.text, signal),
    ),
    placeDetails: fromPromise<Place, { placeId: string }>(({ input }) => geo.place(input.placeId)),
  };
}
