/** Shared drafts for the onboarding machine tests. */
import type { CoverageReport } from '../../../support/model';
import {
  EMPTY_CREDENTIALS,
  NO_IDS,
  emptyProfile,
  type ProfileDraft,
} from '../../../../src/domain/onboarding/profile';
import type { OnboardingProgress } from '../../../../src/domain/onboarding/progress';
import type { OnboardingStrategy } from '../../../../src/domain/onboarding/strategies';

export const COMPLETE_PROFILE: ProfileDraft = {
  ...emptyProfile('America/Los_Angeles'),
  name: 'Bloom Spa',
  description: 'Facials and more',
  logoURL: '/uploads/logo.png',
  coverImageURL: '/uploads/cover.png',
  streetAddress: '500 Ocean Ave',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90402',
  country: 'US',
  coordinates: { lat: 34.02, lng: -118.5 },
};

export function progress(
  strategy: OnboardingStrategy,
  overrides: Partial<OnboardingProgress> = {},
): OnboardingProgress {
  return {
    strategy,
    reached: 1,
    profile: emptyProfile('America/Los_Angeles'),
    credentials: EMPTY_CREDENTIALS,
    ids: NO_IDS,
    ...overrides,
  };
}

/** One report from walks of the same machine with different inputs: covered when any walk covered it. */
export function mergeReports(reports: CoverageReport[]): CoverageReport {
  const [first, ...rest] = reports;
  if (!first) throw new Error('mergeReports: no reports');
  const merge = (key: 'states' | 'transitions') => {
    const missing = first[key].missing.filter((item) =>
      rest.every((report) => report[key].missing.includes(item)),
    );
    return { total: first[key].total, covered: first[key].total - missing.length, missing };
  };
  return {
    machineId: first.machineId,
    states: merge('states'),
    transitions: merge('transitions'),
    paths: reports.reduce((sum, report) => sum + report.paths, 0),
    failures: reports.flatMap((report) => report.failures),
    unsampledEvents: first.unsampledEvents.filter((type) =>
      rest.every((report) => report.unsampledEvents.includes(type)),
    ),
  };
}
