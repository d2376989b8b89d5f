import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitProfile,
  emptyProfile,
  missingProfileFields,
  requiredProfileFields,
  type ProfileDraft,
} from '../../../../src/domain/onboarding/profile';
import { ONBOARDING_STRATEGIES } from '../../../../src/domain/onboarding/strategies';

const filled: ProfileDraft = {
  ...emptyProfile('America/Los_Angeles'),
  name: 'Bloom',
  streetAddress: '500 Ocean Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90402',
  country: 'US',
  coordinates: { lat: 34.02, lng: -118.5 },
  logoURL: '/uploads/logo.png',
  coverImageURL: '/uploads/cover.png',
  description: 'Facials by the beach',
};

describe('step 1: what Next waits for', () => {
  it('lists every required field of an empty profile in the form order, with the form labels', () => {
    expect(missingProfileFields('MANUAL', emptyProfile('UTC')).map((m) => m.label)).toEqual([
      'Business name',
      'Street',
      'City',
      'State',
      'Zip',
      'Country',
      'Coordinates',
      'Logo',
      'Cover image',
      'Description',
    ]);
  });

  it('BOULEVARD also waits for the external ids', () => {
    expect(requiredProfileFields('BOULEVARD')).toContain('externalLocationId');
    expect(missingProfileFields('BOULEVARD', filled)).toEqual([
      { field: 'externalLocationId', label: 'External location id' },
      { field: 'externalId', label: 'External provider id' },
    ]);
    expect(canSubmitProfile('BOULEVARD', { ...filled, externalLocationId: 'L1', externalId: 'P1' })).toBe(
      true,
    );
  });

  it('a profile with everything but the images waits for the logo and the cover image', () => {
    const noImages = { ...filled, logoURL: '', coverImageURL: ' ' };
    expect(missingProfileFields('MANUAL', noImages).map((m) => m.label)).toEqual(['Logo', 'Cover image']);
    expect(canSubmitProfile('MANUAL', noImages)).toBe(false);
    expect(canSubmitProfile('MANUAL', filled)).toBe(true);
  });

  it('Next is enabled exactly when nothing is missing, and line 2 is never required', () => {
    const text = fc.constantFrom('', '  ', 'x');
    fc.assert(
      fc.property(
        fc.constantFrom(...ONBOARDING_STRATEGIES),
        fc.record({
          name: text,
          streetAddress: text,
          city: text,
          addressLine2: text,
          logoURL: text,
          externalId: text,
          coordinates: fc.constantFrom(null, { lat: 1, lng: 2 }),
        }),
        (strategy, patch) => {
          const draft = { ...filled, ...patch };
          const missing = missingProfileFields(strategy, draft);
          expect(canSubmitProfile(strategy, draft)).toBe(missing.length === 0);
          expect(missing.map((m) => m.field)).not.toContain('addressLine2');
          expect(missing.some((m) => m.field === 'coordinates')).toBe(patch.coordinates === null);
        },
      ),
    );
  });
});
