/**
 * The manage view's drafts (spec 02 §2, §3, §5): the provider's details and its location as typed, checked
 * into what PUT /providers/{id} and PUT (or POST) /locations send. Text stays as typed through a failure; the
 * numbers (tax rate, typed as a percent; coordinates) are parsed only when the draft is checked.
 */
import { addressText, EMPTY_ADDRESS_TEXT, type AddressText, type StoredAddress } from '../shared/address';
import { isAvailableAfterDaysValue, type AvailableAfterDays } from './available-after';
import { checkHours, closedWeek, DAY_PROBLEM_TEXT, WEEKDAYS, type OpeningHours, type Weekday } from './hours';
import {
  DEFAULT_TIME_ZONE,
  formatBillingEmails,
  formatCoordinates,
  fullAddressOf,
  isAddressComplete,
  isIanaTimeZone,
  taxRateOfPercent,
  taxRatePercentText,
  parseBillingEmails,
  parseCoordinates,
  type Coordinates,
} from './location';

export interface ProviderDraft {
  name: string;
  description: string;
  phoneNumber: string;
  isSMSNotificationsEnabled: boolean;
  availableAfterDays: AvailableAfterDays;
  /** The uploaded images' paths (POST /upload), '' for none. */
  logoURL: string;
  coverImageURL: string;
}

export interface LocationDraft extends AddressText {
  /** "lat, lng" as typed. */
  coordinates: string;
  /** A percent from 0 to 100 as typed ("10.25"); stored as the rate from 0 to 1. */
  taxRate: string;
  /** Comma-separated addresses, as typed. */
  billingContactEmail: string;
  isEMAILNotificationsEnabled: boolean;
  isPublic: boolean;
  timezone: string;
  hours: OpeningHours;
}

export type ProviderTextField = 'name' | 'description' | 'phoneNumber';
/** The provider's images: set to the path an upload hands back. */
export type ProviderImageField = 'logoURL' | 'coverImageURL';
export type LocationTextField =
  | 'streetAddress'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'zip'
  | 'country'
  | 'coordinates'
  | 'taxRate'
  | 'billingContactEmail'
  | 'timezone';
export type LocationFlag = 'isEMAILNotificationsEnabled' | 'isPublic';

/** Field errors of both drafts; `address` holds 'Address is required' / 'Address is invalid'. */
export type ManageField =
  'name' | 'address' | 'coordinates' | 'taxRate' | 'billingContactEmail' | 'timezone' | `day${Weekday}`;
export type ManageErrors = Partial<Record<ManageField, string>>;

interface ProviderRecord {
  name: string;
  description: string | null;
  phoneNumber: string | null;
  isSMSNotificationsEnabled: boolean;
  availableAfterDays: number;
  logoURL: string | null;
  coverImageURL: string | null;
}

type LocationRecord = OpeningHours &
  StoredAddress & {
    taxRate: number | null;
    billingContactEmail: string | null;
    isEMAILNotificationsEnabled: boolean;
    isPublic: boolean;
    timezone: string;
  };

export function providerDraftFrom(provider: ProviderRecord): ProviderDraft {
  return {
    name: provider.name,
    description: provider.description ?? '',
    phoneNumber: provider.phoneNumber ?? '',
    isSMSNotificationsEnabled: provider.isSMSNotificationsEnabled,
    availableAfterDays: isAvailableAfterDaysValue(provider.availableAfterDays)
      ? provider.availableAfterDays
      : 0,
    logoURL: provider.logoURL ?? '',
    coverImageURL: provider.coverImageURL ?? '',
  };
}

export const EMPTY_LOCATION_DRAFT: LocationDraft = {
  ...EMPTY_ADDRESS_TEXT,
  coordinates: '',
  taxRate: '',
  billingContactEmail: '',
  isEMAILNotificationsEnabled: false,
  isPublic: true,
  timezone: DEFAULT_TIME_ZONE,
  hours: closedWeek(),
};

function hoursOf(record: OpeningHours): OpeningHours {
  const hours = {} as Record<string, unknown>;
  for (const day of WEEKDAYS) {
    hours[`isOpenDay${day}`] = record[`isOpenDay${day}`];
    hours[`day${day}open`] = record[`day${day}open`];
    hours[`day${day}close`] = record[`day${day}close`];
  }
  return hours as OpeningHours;
}

/**
 * The location's draft; a provider without a location starts a new one in `defaultTimezone` (the marketplace
 * settings' default zone, /settings; the spec's when not given).
 */
export function locationDraftFrom(
  location: LocationRecord | null,
  defaultTimezone: string = DEFAULT_TIME_ZONE,
): LocationDraft {
  if (!location) return { ...EMPTY_LOCATION_DRAFT, timezone: defaultTimezone };
  return {
    ...addressText(location),
    coordinates: location.coordinates ? formatCoordinates(location.coordinates) : '',
    taxRate: location.taxRate === null ? '' : taxRatePercentText(location.taxRate),
    billingContactEmail: location.billingContactEmail ?? '',
    isEMAILNotificationsEnabled: location.isEMAILNotificationsEnabled,
    isPublic: location.isPublic,
    timezone: location.timezone || defaultTimezone,
    hours: hoursOf(location),
  };
}

/** Whether anything of the location was typed (a provider without a location may leave it empty). */
export function isLocationDraftEmpty(draft: LocationDraft): boolean {
  return (
    [draft.streetAddress, draft.addressLine2, draft.city, draft.state, draft.zip, draft.country].every(
      (text) => text.trim() === '',
    ) && draft.coordinates.trim() === ''
  );
}

/** The address as one line, for geocoding. */
export function addressLineOf(draft: LocationDraft): string {
  return fullAddressOf(draft);
}

/** Address complete but no coordinates typed: they are looked up before the save (spec 02 §5). */
export function draftNeedsGeocoding(draft: LocationDraft): boolean {
  return isAddressComplete(draft) && draft.coordinates.trim() === '';
}

export const MANAGE_FIELD_TEXT = {
  nameRequired: 'Name is required',
  coordinatesInvalid: 'Enter coordinates as "lat, lng", e.g. 34.0336, -118.4979',
  taxRateInvalid: 'Tax rate must be a percent from 0 to 100',
  emailInvalid: (emails: readonly string[]) => `Not an email address: ${emails.join(', ')}`,
  timezoneInvalid: 'Choose a time zone such as America/Los_Angeles',
} as const;

export interface CheckedDrafts {
  provider: {
    name: string;
    description: string | null;
    phoneNumber: string | null;
    isSMSNotificationsEnabled: boolean;
    availableAfterDays: AvailableAfterDays;
    logoURL: string | null;
    coverImageURL: string | null;
  };
  /** Null when the provider has no location and none was typed. */
  location: CheckedLocation | null;
}

export type CheckedLocation = OpeningHours &
  StoredAddress & {
    fullAddress: string | null;
    taxRate: number | null;
    billingContactEmail: string | null;
    isEMAILNotificationsEnabled: boolean;
    isPublic: boolean;
    timezone: string;
  };

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * Checks both drafts. `hasLocation`: the provider has a saved location (then its address is required even
 * when cleared). `addressRequired` is the spec's 'Address is required' text, passed in from the catalogue.
 */
export function checkManageDrafts(
  provider: ProviderDraft,
  location: LocationDraft,
  options: { hasLocation: boolean; addressRequired: string },
): { ok: true; value: CheckedDrafts } | { ok: false; errors: ManageErrors } {
  const errors: ManageErrors = {};
  if (provider.name.trim() === '') errors.name = MANAGE_FIELD_TEXT.nameRequired;
  const skipLocation = !options.hasLocation && isLocationDraftEmpty(location);
  let coordinates: Coordinates | null = null;
  let taxRate: number | null = null;
  let emails: string[] = [];
  if (!skipLocation) {
    if (!isAddressComplete(location)) errors.address = options.addressRequired;
    if (location.coordinates.trim() !== '') {
      coordinates = parseCoordinates(location.coordinates);
      if (!coordinates) errors.coordinates = MANAGE_FIELD_TEXT.coordinatesInvalid;
    }
    if (location.taxRate.trim() !== '') {
      taxRate = taxRateOfPercent(location.taxRate);
      if (taxRate === null) errors.taxRate = MANAGE_FIELD_TEXT.taxRateInvalid;
    }
    const parsed = parseBillingEmails(location.billingContactEmail);
    emails = parsed.emails;
    if (parsed.invalid.length > 0)
      errors.billingContactEmail = MANAGE_FIELD_TEXT.emailInvalid(parsed.invalid);
    if (!isIanaTimeZone(location.timezone)) errors.timezone = MANAGE_FIELD_TEXT.timezoneInvalid;
    for (const { day, problem } of checkHours(location.hours))
      errors[`day${day}`] = DAY_PROBLEM_TEXT[problem];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      provider: {
        name: provider.name.trim(),
        description: orNull(provider.description),
        phoneNumber: orNull(provider.phoneNumber),
        isSMSNotificationsEnabled: provider.isSMSNotificationsEnabled,
        availableAfterDays: provider.availableAfterDays,
        logoURL: orNull(provider.logoURL),
        coverImageURL: orNull(provider.coverImageURL),
      },
      location: skipLocation
        ? null
        : {
            streetAddress: orNull(location.streetAddress),
            addressLine2: orNull(location.addressLine2),
            city: orNull(location.city),
            state: orNull(location.state),
            zip: orNull(location.zip),
            country: orNull(location.country),
            fullAddress: fullAddressOf(location) || null,
            coordinates,
            taxRate,
            billingContactEmail: emails.length > 0 ? formatBillingEmails(emails) : null,
            isEMAILNotificationsEnabled: location.isEMAILNotificationsEnabled,
            isPublic: location.isPublic,
            timezone: location.timezone,
            ...location.hours,
          },
    },
  };
}

/** Whether two drafts differ (the unsaved-changes question). */
export function draftsDiffer<T>(a: T, b: T): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** A place picked or geocoded, written into the location draft (what it lacks is left as typed). */
export function withPlace(
  draft: LocationDraft,
  place: {
    streetAddress: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    country: string | null;
    coordinates: Coordinates;
  },
): LocationDraft {
  return {
    ...draft,
    streetAddress: place.streetAddress ?? draft.streetAddress,
    city: place.city ?? draft.city,
    state: place.state ?? draft.state,
    zip: place.zip ?? draft.zip,
    country: place.country ?? draft.country,
    coordinates: formatCoordinates(place.coordinates),
  };
}

/** Whether a picked place gave every address component (street, city, zip, and state or country). */
export function isPlaceComplete(place: {
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
}): boolean {
  return Boolean(place.streetAddress && place.city && place.zip && (place.state || place.country));
}
