/**
 * A place's address in its two forms, written once: as a form holds it (every part text, '' when empty) and as
 * the API stores it (a part not given is null, with the coordinates). The location drafts, the wizard's
 * profile and a scheduling system's locations use these. Import-free: stored state reads the wizard's
 * progress on the first load.
 */
export interface AddressText {
  streetAddress: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

export type StoredAddress = { [Part in keyof AddressText]: string | null } & {
  coordinates: { lat: number; lng: number } | null;
};

/** A stored address's parts as a form holds them. */
export const addressText = (address: { [Part in keyof AddressText]: string | null }): AddressText => ({
  streetAddress: address.streetAddress ?? '',
  addressLine2: address.addressLine2 ?? '',
  city: address.city ?? '',
  state: address.state ?? '',
  zip: address.zip ?? '',
  country: address.country ?? '',
});

/** No address typed yet. */
export const EMPTY_ADDRESS_TEXT: AddressText = {
  streetAddress: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
};
