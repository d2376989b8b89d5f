import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blankPasswords,
  EMPTY_STORED_STATE,
  fromStorageEntries,
  isEmptyStoredState,
  type SliceReaders,
  STORAGE_KEYS,
  toStorageEntries,
  withSlice,
} from '../../../src/domain/shared/persistence';
import { STORED_SLICE_READERS } from '../../../src/domain/shared/stored-slices';

/** Readers that keep every slice they name as it is (the allowlist itself is tested below). */
const keep = (...names: string[]): SliceReaders =>
  Object.fromEntries(names.map((name) => [name, (value: unknown) => value]));

const PASSWORD_KEY = /passw(or)?d/i;

/** Every non-empty plain value stored under a password-like key anywhere in the value. */
function passwordValues(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(passwordValues);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    PASSWORD_KEY.test(key) && item !== null && typeof item !== 'object' && item !== ''
      ? [item]
      : passwordValues(item),
  );
}

describe('blankPasswords', () => {
  it('blanks the onboarding password and every credentials password, nothing else', () => {
    const onboarding = {
      step: 2,
      password: 'hunter22',
      confirmPassword: 'hunter22',
      provider: { name: 'Glow', credentials: { username: 'glow', password: 'mb-secret', siteId: '-99' } },
      list: [{ passwd: 'x' }, { pwd: 'kept: not a password key' }],
      passwordHint: null,
    };
    expect(blankPasswords(onboarding)).toEqual({
      step: 2,
      password: '',
      confirmPassword: '',
      provider: { name: 'Glow', credentials: { username: 'glow', password: '', siteId: '-99' } },
      list: [{ passwd: '' }, { pwd: 'kept: not a password key' }],
      passwordHint: null,
    });
  });

  it('does not change its argument', () => {
    const value = { password: 'p' };
    blankPasswords(value);
    expect(value).toEqual({ password: 'p' });
  });

  it('keeps a __proto__ key as an own key (JSON.parse can give one) and never sets a prototype', () => {
    const input = JSON.parse('{"__proto__": {"password": "p", "x": 1}, "a": 2}') as Record<string, unknown>;
    const blanked = blankPasswords(input);
    expect(Object.keys(blanked)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(blanked)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(blanked, '__proto__')?.value).toEqual({ password: '', x: 1 });
  });

  it('leaves no password behind, keeps every other key, and is idempotent', () => {
    const key = fc.oneof(fc.constantFrom('password', 'Password', 'newPassword', 'passwd'), fc.string());
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const blanked = blankPasswords(input);
        expect(passwordValues(blanked)).toEqual([]);
        expect(blankPasswords(blanked)).toEqual(blanked);
        expect(JSON.stringify(Object.keys(blanked ?? {}))).toBe(JSON.stringify(Object.keys(input ?? {})));
      }),
    );
  });
});

describe('stored state', () => {
  it('keeps the token under idToken and the slices as versioned JSON', () => {
    expect(STORAGE_KEYS.idToken).toBe('idToken');
    const state = withSlice({ idToken: 'a.b.c', slices: {} }, 'onboarding', { password: 'p', step: 1 });
    expect(toStorageEntries(state, keep('onboarding'))).toEqual({
      idToken: 'a.b.c',
      state: JSON.stringify({ version: 1, slices: { onboarding: { password: '', step: 1 } } }),
    });
  });

  it('an empty state removes both keys', () => {
    expect(toStorageEntries(EMPTY_STORED_STATE, STORED_SLICE_READERS)).toEqual({
      idToken: null,
      state: null,
    });
    expect(isEmptyStoredState(EMPTY_STORED_STATE)).toBe(true);
    expect(isEmptyStoredState(withSlice(EMPTY_STORED_STATE, 'x', 1))).toBe(false);
  });

  it('withSlice replaces one slice and removes it for null', () => {
    const one = withSlice(EMPTY_STORED_STATE, 'a', 1);
    const two = withSlice(one, 'b', 2);
    expect(two.slices).toEqual({ a: 1, b: 2 });
    expect(withSlice(two, 'a', null).slices).toEqual({ b: 2 });
    expect(withSlice(two, 'a', undefined).slices).toEqual({ b: 2 });
  });

  it.each([
    ['nothing', null],
    ['bad JSON', '{'],
    ['another version', JSON.stringify({ version: 2, slices: { a: 1 } })],
    ['slices not an object', JSON.stringify({ version: 1, slices: [1] })],
    ['not an object', '"text"'],
  ])('reads %s as no slices', (_, state) => {
    expect(fromStorageEntries({ idToken: 'a.b.c', state }, keep('a'))).toEqual({
      idToken: 'a.b.c',
      slices: {},
    });
  });

  it('a blank token reads as none', () => {
    expect(fromStorageEntries({ idToken: '  ', state: null }, STORED_SLICE_READERS).idToken).toBeNull();
  });

  it('what is written reads back the same, passwords blanked, null slices dropped', () => {
    const json = fc.jsonValue();
    fc.assert(
      fc.property(
        fc.option(
          fc.string({ minLength: 1 }).filter((t) => t.trim() !== ''),
          { nil: null },
        ),
        fc.dictionary(fc.string(), json),
        (idToken, slices) => {
          const state = { idToken, slices };
          const readers = keep(...Object.keys(slices));
          const back = fromStorageEntries(toStorageEntries(state, readers), readers);
          expect(back.idToken).toBe(idToken);
          // A null slice is no slice: it is neither written nor read back.
          const present = Object.fromEntries(Object.entries(slices).filter(([, value]) => value !== null));
          expect(back.slices).toEqual(JSON.parse(JSON.stringify(blankPasswords(present))));
        },
      ),
    );
  });

  it('writes and reads back only the allowlisted slices, each with its known fields', () => {
    const state = withSlice(
      withSlice(
        withSlice(EMPTY_STORED_STATE, 'session', {
          uid: 'u1',
          isAdmin: true,
          viewAsProvider: true,
          providerId: 7,
          apiKey: 'not ours to keep',
        }),
        'scratch',
        { note: 'anything at all' },
      ),
      'constructor',
      { polluted: true },
    );
    const entries = toStorageEntries(state, STORED_SLICE_READERS);
    expect(JSON.parse(entries.state!)).toEqual({
      version: 1,
      slices: { session: { uid: 'u1', isAdmin: true, viewAsProvider: true, providerId: 7 } },
    });
    // What some other script or an older console left in storage is not read back either.
    const foreign = JSON.stringify({
      version: 1,
      slices: { scratch: { token: 'x' }, session: { uid: 'u2', secret: 's' }, bad: 1 },
    });
    expect(fromStorageEntries({ idToken: null, state: foreign }, STORED_SLICE_READERS).slices).toEqual({
      session: { uid: 'u2', isAdmin: false, viewAsProvider: false, providerId: null },
    });
  });

  it("the wizard's progress is kept with its known fields only, its password blanked", () => {
    const state = withSlice(EMPTY_STORED_STATE, 'onboarding', {
      strategy: 'BOOKER',
      reached: 2,
      credentials: { username: 'glow', password: 'typed-secret', apiKey: 'not a known field' },
      notes: 'not a known field either',
    });
    const written = JSON.parse(toStorageEntries(state, STORED_SLICE_READERS).state!);
    const onboarding = written.slices.onboarding;
    expect(onboarding.strategy).toBe('BOOKER');
    expect(onboarding.reached).toBe(2);
    expect(onboarding.credentials).toMatchObject({ username: 'glow', password: '' });
    expect(onboarding.credentials).not.toHaveProperty('apiKey');
    expect(onboarding).not.toHaveProperty('notes');
  });

  it('a slice its reader rejects is neither written nor read back', () => {
    const state = withSlice(EMPTY_STORED_STATE, 'session', { uid: 42 });
    expect(toStorageEntries(state, STORED_SLICE_READERS)).toEqual({ idToken: null, state: null });
  });

  it('never keeps a slice without a reader, whatever its name', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (slices) => {
        const back = fromStorageEntries(
          toStorageEntries({ idToken: null, slices }, STORED_SLICE_READERS),
          STORED_SLICE_READERS,
        );
        for (const name of Object.keys(back.slices))
          expect(Object.keys(STORED_SLICE_READERS)).toContain(name);
      }),
    );
  });
});
