import { describe, expect, it } from 'vitest';
import { BANK_NUMBERS, knownSecrets, secretsIn } from '../../support/secrets';

/** An emulator ID token's shape: a JSON header and payload in base64url, and an empty signature. */
const idToken = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
  '{"iss":"https://securetoken.google.com/demo","sub":"abc"}',
).toString('base64url')}.`;

describe('secretsIn', () => {
  it('finds nothing in a log of redacted lines', () => {
    const log = '{"level":30,"path":"/providers","query":{"page":["1"],"token":"[redacted]"}}';
    expect(secretsIn(log, knownSecrets())).toEqual([]);
  });

  it('names a known secret by its first four characters only', () => {
    const found = secretsIn(`{"accountNumber":"${BANK_NUMBERS[0]}"}`, knownSecrets());
    expect(found).toEqual([`${BANK_NUMBERS[0]!.slice(0, 4)}…`]);
  });

  it('finds a demo password and the MINDBODY sandbox password', () => {
    expect(secretsIn('password=upkeep-admin', knownSecrets())).toEqual(['upke…']);
    expect(secretsIn('"password":"apitest1234"', knownSecrets())).toEqual(['apit…']);
  });

  it('finds an ID token and Square tokens by their shape', () => {
    expect(secretsIn(`Bearer ${idToken}`, [])).toEqual(['an ID token']);
    expect(secretsIn('"access_token":"EAAAsandbox-9f8e7d6c5b4a"', [])).toEqual(['a Square access token']);
    expect(secretsIn('"refresh_token":"EQAAsandbox-1a2b3c4d5e6f"', [])).toEqual(['a Square refresh token']);
  });
});
