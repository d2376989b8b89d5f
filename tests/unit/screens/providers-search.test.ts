import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { onboardingStageOf } from '../../../src/domain/providers/provider-list';
import { cityLineOf } from '../../../src/domain/providers/providers';
import { ProvidersSearchSchema } from '../../../src/screens/providers/providers-search';

describe('/providers search', () => {
  it('keeps good filters, order and view', () => {
    expect(
      v.parse(ProvidersSearchSchema, {
        strategy: 'SQUARE',
        payoutsReady: 'no',
        public: 'yes',
        sort: 'onboarding',
        dir: 'desc',
        view: 'tiles',
      }),
    ).toMatchObject({
      strategy: 'SQUARE',
      payoutsReady: 'no',
      public: 'yes',
      sort: 'onboarding',
      dir: 'desc',
      view: 'tiles',
    });
  });

  it('falls back from bad values to the defaults', () => {
    const search = v.parse(ProvidersSearchSchema, {
      strategy: 'ACME',
      payoutsReady: 'maybe',
      public: 1,
      sort: 'rating',
      dir: 'up',
      view: 'grid',
      page: -2,
    });
    expect(search).toMatchObject({
      sort: 'name',
      dir: 'asc',
      view: 'table',
      page: 1,
      country: '',
      city: '',
      q: '',
    });
    expect(search.strategy).toBeUndefined();
    expect(search.payoutsReady).toBeUndefined();
    expect(search.public).toBeUndefined();
  });
});

describe('a provider in the list', () => {
  it('reads its onboarding stage in order, live only with every check', () => {
    expect(onboardingStageOf({ connected: false, mapped: true, payoutsReady: true })).toBe('started');
    expect(onboardingStageOf({ connected: true, mapped: false, payoutsReady: true })).toBe('connected');
    expect(onboardingStageOf({ connected: true, mapped: true, payoutsReady: false })).toBe('mapped');
    expect(onboardingStageOf({ connected: true, mapped: true, payoutsReady: true })).toBe('live');
  });

  it('names its city with the state', () => {
    expect(cityLineOf({ city: 'Los Angeles', state: 'CA' })).toBe('Los Angeles, CA');
    expect(cityLineOf({ city: 'Boise', state: null })).toBe('Boise');
    expect(cityLineOf(null)).toBeNull();
  });
});
