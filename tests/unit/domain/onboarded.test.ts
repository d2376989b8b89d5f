/** Who the onboarding start screen tells they are onboarded, and how it names their providers. */
import { describe, expect, it } from 'vitest';
import { namesInProse, onboardedLine, onboardedProviders } from '../../../src/domain/onboarding/onboarded';

const glow = { id: 1, name: 'Glow Studio' };
const luxe = { id: 2, name: 'Luxe Aesthetics' };
const serenity = { id: 3, name: 'Serenity Med Spa' };

describe('onboardedProviders', () => {
  it('a provider user is onboarded with every provider they have, none when they have none', () => {
    const user = { isAdmin: false, viewAsProvider: false, providerId: null };
    expect(onboardedProviders([luxe, serenity], user)).toEqual([luxe, serenity]);
    expect(onboardedProviders([glow], { ...user, providerId: 1 })).toEqual([glow]);
    expect(onboardedProviders([], user)).toEqual([]);
  });

  it('an admin viewing as a provider sees that provider onboarded; an admin otherwise is not onboarded', () => {
    const all = [glow, luxe, serenity];
    expect(onboardedProviders(all, { isAdmin: true, viewAsProvider: true, providerId: 2 })).toEqual([luxe]);
    expect(onboardedProviders(all, { isAdmin: true, viewAsProvider: true, providerId: 9 })).toEqual([]);
    expect(onboardedProviders(all, { isAdmin: true, viewAsProvider: false, providerId: 2 })).toEqual([]);
  });
});

describe('onboardedLine', () => {
  it('names one provider, two, or several', () => {
    expect(onboardedLine(['Glow Studio'])).toBe('Glow Studio is onboarded.');
    expect(onboardedLine(['Luxe Aesthetics', 'Serenity Med Spa'])).toBe(
      'Luxe Aesthetics and Serenity Med Spa are onboarded.',
    );
    expect(namesInProse(['A', 'B', 'C'])).toBe('A, B and C');
    expect(namesInProse([])).toBe('');
  });
});
