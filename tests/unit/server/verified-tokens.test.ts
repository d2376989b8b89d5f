import { describe, expect, it } from 'vitest';
import { VERIFIED_TOKEN_TTL_MS, VerifiedTokens } from '../../../server/identity-tokens';

describe('VerifiedTokens', () => {
  const caller = { uid: 'admin-1', email: 'admin@upkeep.test', role: 'admin' as const };

  it('answers a verified token until the token expires', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens(() => now);
    tokens.set('t', caller, now + 10_000);
    expect(tokens.get('t')).toEqual(caller);
    now += 9_999;
    expect(tokens.get('t')).toEqual(caller);
    now += 1;
    expect(tokens.get('t')).toBeUndefined();
  });

  it('keeps a token no longer than the time limit, and never one already expired', () => {
    let now = 5_000_000;
    const tokens = new VerifiedTokens(() => now);
    tokens.set('long', caller, now + 3_600_000);
    tokens.set('expired', caller, now);
    expect(tokens.get('expired')).toBeUndefined();
    now += VERIFIED_TOKEN_TTL_MS - 1;
    expect(tokens.get('long')).toEqual(caller);
    now += 1;
    expect(tokens.get('long')).toBeUndefined();
    expect(tokens.get('never-set')).toBeUndefined();
  });

  it('drops the oldest token when full', () => {
    const now = 0;
    const tokens = new VerifiedTokens(() => now);
    for (let i = 0; i <= 10_000; i += 1) tokens.set(`t${i}`, { uid: `u${i}` }, 60_000);
    expect(tokens.get('t0')).toBeUndefined();
    expect(tokens.get('t1')).toEqual({ uid: 'u1' });
    expect(tokens.get('t10000')).toEqual({ uid: 'u10000' });
  });
});
