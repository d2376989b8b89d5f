/** A provider as the pickers list it: its name and where it is ("City, ST"), when known. */
export interface ProviderChoice {
  id: number;
  name: string;
  place: string | null;
}

interface ProviderLike {
  id: number;
  name: string;
  location?: { city?: string | null; state?: string | null } | null;
}

export function providerChoices(providers: readonly ProviderLike[]): ProviderChoice[] {
  return providers.map((provider) => ({
    id: provider.id,
    name: provider.name,
    place: [provider.location?.city, provider.location?.state].filter(Boolean).join(', ') || null,
  }));
}

/** A city as a list names it: "Los Angeles, CA" (the state when there is one), or null without a city. */
export function cityLineOf(
  location: { city?: string | null; state?: string | null } | null | undefined,
): string | null {
  if (!location?.city) return null;
  return [location.city, location.state].filter(Boolean).join(', ');
}

/** A provider tile's place line (spec 02 §2): "city, state, country", or null when the city is unknown. */
export function placeLineOf(
  location: { city?: string | null; state?: string | null; country?: string | null } | null | undefined,
): string | null {
  if (!location?.city) return null;
  return [location.city, location.state, location.country].filter(Boolean).join(', ');
}
