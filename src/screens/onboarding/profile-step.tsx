import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { geoApi } from '../../api/geo/geo';
import type { ProfileDraft } from '../../domain/onboarding/profile';
import { profileAddressText, profileNeedsGeocoding } from '../../domain/onboarding/profile';
import { PROVIDER_MESSAGES } from '../../domain/shared/messages';
import {
  ADDRESS_SEARCH_ID,
  ProfileForm,
  profileFieldId,
  type AddressSuggestion,
} from '../../ui/onboarding/ProfileForm';
import { MissingFields } from '../../ui/onboarding/MissingFields';
import { missingProfileFields } from '../../domain/onboarding/profile';
import type { OnboardingStrategy } from '../../domain/onboarding/strategies';
import { ImageUpload } from '../catalogue/services-upload';

export interface ProfileStepProps {
  api: ApiClient;
  apiUrl: string;
  draft: ProfileDraft;
  showExternalIds: boolean;
  disabled: boolean;
  onChange(patch: Partial<ProfileDraft>): void;
}

const NEXT_HINT_ID = 'profile-next-hint';

/**
 * What step 1's Next waits for while it is disabled: the required fields not filled yet, each linked to its
 * field (coordinates to the address search); null once nothing is missing.
 */
export function profileNextHint(strategy: OnboardingStrategy, draft: ProfileDraft) {
  const missing = missingProfileFields(strategy, draft);
  if (missing.length === 0) return null;
  const fields = missing.map(({ field, label }) => ({
    label,
    targetId: field === 'coordinates' ? ADDRESS_SEARCH_ID : profileFieldId(field),
  }));
  return { id: NEXT_HINT_ID, content: <MissingFields id={NEXT_HINT_ID} fields={fields} /> };
}

/** Place search is debounced by 200 ms (spec 02 §9). */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * Step 1's form bound to the geo interface: address autocomplete (a failure to read a place asks for manual
 * entry with the spec's message), geocoding once the address is complete and coordinates are missing, and
 * the logo and cover uploads.
 */
export function ProfileStep({ api, apiUrl, draft, showExternalIds, disabled, onChange }: ProfileStepProps) {
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [geo] = useState(() => geoApi(api));
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });

  useEffect(() => {
    if (query.trim().length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      geo
        .autocomplete(query, controller.signal)
        .then((found) =>
          setSuggestions(found.map((s) => ({ placeId: s.placeId, description: s.description }))),
        )
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, geo]);

  const pick = (placeId: string) => {
    setSuggestions([]);
    geo
      .place(placeId)
      .then((place) => {
        const complete = place.streetAddress && place.city && place.zip;
        setNotice(complete ? null : PROVIDER_MESSAGES.addressManual);
        setQuery(place.formattedAddress);
        change.current({
          streetAddress: place.streetAddress ?? '',
          city: place.city ?? '',
          state: place.state ?? '',
          zip: place.zip ?? '',
          country: place.country ?? '',
          coordinates: place.coordinates ?? null,
        });
      })
      .catch(() => setNotice(PROVIDER_MESSAGES.addressManual));
  };

  const address = profileAddressText(draft);
  const needsGeocoding = profileNeedsGeocoding(draft);
  useEffect(() => {
    if (!needsGeocoding) return;
    let current = true;
    const timer = setTimeout(() => {
      geo
        .geocode(address)
        .then((place) => {
          if (current && place.coordinates) change.current({ coordinates: place.coordinates });
        })
        .catch(() => undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [address, needsGeocoding, geo]);

  /** The logo's or the cover image's upload, its path in the draft. */
  const imageField = (field: 'logoURL' | 'coverImageURL', label: string) => (
    <ImageUpload
      api={api}
      apiUrl={apiUrl}
      label={label}
      required
      sectionId={profileFieldId(field)}
      path={draft[field]}
      onUploaded={(path) => onChange({ [field]: path })}
    />
  );

  return (
    <ProfileForm
      draft={draft}
      showExternalIds={showExternalIds}
      disabled={disabled}
      onChange={(patch) => {
        // An edited address needs new coordinates.
        const moved = ['streetAddress', 'city', 'state', 'zip', 'country'].some((key) => key in patch);
        onChange(moved && !('coordinates' in patch) ? { ...patch, coordinates: null } : patch);
      }}
      addressQuery={query}
      onAddressQuery={setQuery}
      suggestions={query.trim().length < 3 ? [] : suggestions}
      onPickSuggestion={pick}
      addressNotice={notice}
      logoField={imageField('logoURL', 'Logo')}
      coverField={imageField('coverImageURL', 'Cover image')}
    />
  );
}
