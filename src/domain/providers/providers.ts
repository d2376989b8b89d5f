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
