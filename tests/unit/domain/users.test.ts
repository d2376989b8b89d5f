import fc from 'fast-check';
import { usersExportQuery } from '../../../src/domain/users/users-list';
import { describe, expect, it } from 'vitest';
import {
  claimForRole,
  initials,
  isCalendarDate,
  removeEmpty,
  splitFullName,
  toBirthdate,
  toUserUpdate,
  USER_FORM_ERRORS,
  userFormFrom,
  userLabel,
  validateUserForm,
  type UserForm,
} from '../../../src/domain/users/users';

const form = (overrides: Partial<UserForm> = {}): UserForm => ({
  fullName: 'Jordan Lee',
  email: 'jordan.lee@example.com',
  phone: '+13105550101',
  birthdate: '1990-04-12',
  photoURL: '',
  inviteCode: 'jordan10',
  availablePoints: '120',
  password: '',
  role: 'USER',
  providerIds: [],
  ...overrides,
});

describe('splitFullName', () => {
  it.each([
    ['Jordan Lee', 'Jordan', 'Lee', []],
    ['  Mary   Ann  Smith ', 'Mary', 'Ann', ['Smith']],
    ['Cher', 'Cher', '', []],
    ['', '', '', []],
    ['José María de la Cruz', 'José', 'María', ['de', 'la', 'Cruz']],
  ])('%j → first %j, last %j, extra %j', (full, first, last, extra) => {
    const parts = splitFullName(full);
    expect(parts).toMatchObject({ firstName: first, lastName: last, extraWords: extra });
  });

  it('the first word is the first name, the second the last name, the rest stays in the display name', () => {
    const word = fc.stringMatching(/^[^\s]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 6 }),
        fc.array(fc.constantFrom(' ', '  ', '\t'), { minLength: 7, maxLength: 7 }),
        (words, gaps) => {
          const typed = words.map((w, i) => `${gaps[i]}${w}`).join('') + (gaps[6] ?? '');
          const parts = splitFullName(typed);
          expect(parts.firstName).toBe(words[0] ?? '');
          expect(parts.lastName).toBe(words[1] ?? '');
          expect(parts.extraWords).toEqual(words.slice(2));
          expect(parts.displayName).toBe(words.join(' '));
        },
      ),
    );
  });
});

describe('birthdates', () => {
  it.each([
    ['1990-04-12', '1990-04-12'],
    [' 2000-02-29 ', '2000-02-29'],
    ['4/12/1990', '1990-04-12'],
    ['12/31/1999', '1999-12-31'],
    ['1900-02-29', undefined],
    ['2023-02-29', undefined],
    ['1990-13-01', undefined],
    ['1990-04-31', undefined],
    ['1899-12-31', undefined],
    ['12/1990', undefined],
    ['yesterday', undefined],
    ['', undefined],
  ])('%j becomes %j', (text, expected) => {
    expect(toBirthdate(text)).toBe(expected);
  });

  it('accepts exactly the real dates between 1900 and 9999', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          expect(isCalendarDate(iso)).toBe(true);
          expect(toBirthdate(iso)).toBe(iso);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(isCalendarDate(iso)).toBe(real);
        },
      ),
    );
  });
});

describe('save rules (toUserUpdate)', () => {
  it('uppercases the invite code, removes empty values, splits the name and keeps the role', () => {
    expect(
      toUserUpdate(
        form({ fullName: ' Mary Ann Smith ', phone: '  ', photoURL: '', birthdate: '4/12/1990' }),
        'uid-1',
      ),
    ).toEqual({
      email: 'jordan.lee@example.com',
      firebaseUid: 'uid-1',
      displayName: 'Mary Ann Smith',
      firstName: 'Mary',
      lastName: 'Ann',
      birthdate: '1990-04-12',
      inviteCode: 'JORDAN10',
      availablePoints: 120,
      role: 'USER',
    });
  });

  it('sends the providers only for the PROVIDER role, and a password only when one was typed', () => {
    expect(toUserUpdate(form({ role: 'PROVIDER', providerIds: [3, 1, 3] }), 'u').providers).toEqual([3, 1]);
    expect(toUserUpdate(form({ role: 'ADMIN', providerIds: [3] }), 'u').providers).toBeUndefined();
    expect(toUserUpdate(form(), 'u').password).toBeUndefined();
    expect(toUserUpdate(form({ password: 'a-long-password' }), 'u').password).toBe('a-long-password');
    expect(toUserUpdate(form({ availablePoints: '0' }), 'u').availablePoints).toBe(0);
    expect(toUserUpdate(form({ availablePoints: '' }), 'u').availablePoints).toBeUndefined();
  });

  it('never sends an empty value, and the invite code is always uppercase', () => {
    const text = fc.oneof(fc.constant(''), fc.constant('   '), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(text, text, text, text, (fullName, phone, photoURL, inviteCode) => {
        const payload = toUserUpdate(form({ fullName, phone, photoURL, inviteCode }), 'uid');
        for (const value of Object.values(payload)) {
          expect(
            value === null || value === undefined || (typeof value === 'string' && value.trim() === ''),
          ).toBe(false);
        }
        if (payload.inviteCode !== undefined)
          expect(payload.inviteCode).toBe(payload.inviteCode.toUpperCase());
      }),
    );
  });

  it('removeEmpty keeps 0, false and lists', () => {
    expect(removeEmpty({ a: '', b: ' ', c: null, d: undefined, e: 0, f: false, g: [], h: 'x' })).toEqual({
      e: 0,
      f: false,
      g: [],
      h: 'x',
    });
  });
});

describe('validateUserForm', () => {
  it.each([
    [{}, {}],
    [{ email: '' }, { email: USER_FORM_ERRORS.emailRequired }],
    [{ email: 'nope' }, { email: USER_FORM_ERRORS.emailInvalid }],
    [{ birthdate: '1990-02-30' }, { birthdate: USER_FORM_ERRORS.birthdate }],
    [{ birthdate: '' }, {}],
    [{ availablePoints: '-1' }, { availablePoints: USER_FORM_ERRORS.points }],
    [{ availablePoints: '1.5' }, { availablePoints: USER_FORM_ERRORS.points }],
    [{ password: 'short' }, { password: USER_FORM_ERRORS.password }],
    [{ password: 'x'.repeat(129) }, { password: USER_FORM_ERRORS.passwordLong }],
    [{ role: 'PROVIDER' as const, providerIds: [] }, { providerIds: USER_FORM_ERRORS.providers }],
    [{ role: 'PROVIDER' as const, providerIds: [1, 2] }, {}],
    [{ inviteCode: 'two words' }, { inviteCode: USER_FORM_ERRORS.inviteCode }],
  ])('%j → %j', (overrides, errors) => {
    expect(validateUserForm(form(overrides))).toEqual(errors);
  });
});

describe('display helpers', () => {
  it.each([
    [{ firstName: 'jordan', lastName: 'lee', displayName: 'X Y', email: 'a@b.c' }, 'JL'],
    [{ displayName: 'Mary Ann Smith', email: 'a@b.c' }, 'MA'],
    [{ displayName: 'Cher', email: 'a@b.c' }, 'C'],
    [{ displayName: null, email: 'zed@example.com' }, 'Z'],
    [{ email: '' }, '?'],
  ])('initials of %j are %s', (user, expected) => {
    expect(initials(user)).toBe(expected);
  });

  it('labels a user by display name, else first and last name, else email', () => {
    expect(userLabel({ displayName: ' Ada ', email: 'a@b.c' })).toBe('Ada');
    expect(userLabel({ displayName: null, firstName: 'Ada', lastName: 'Lovelace', email: 'a@b.c' })).toBe(
      'Ada Lovelace',
    );
    expect(userLabel({ displayName: '', email: 'a@b.c' })).toBe('a@b.c');
  });

  it('maps roles onto claims', () => {
    expect([claimForRole('USER'), claimForRole('PROVIDER'), claimForRole('ADMIN')]).toEqual([
      'user',
      'provider',
      'admin',
    ]);
  });

  it('a form made from a user saves back to the same profile', () => {
    const user = {
      displayName: 'Jordan Lee',
      firstName: 'Jordan',
      lastName: 'Lee',
      email: 'jordan.lee@example.com',
      phone: '+13105550101',
      birthdate: '1990-04-12',
      photoURL: null,
      inviteCode: 'JORDAN10',
      availablePoints: 120,
      role: 'PROVIDER' as const,
      providers: [{ id: 2 }, { id: 5 }],
    };
    const payload = toUserUpdate(userFormFrom(user), 'uid');
    expect(payload).toEqual({
      email: user.email,
      firebaseUid: 'uid',
      displayName: 'Jordan Lee',
      firstName: 'Jordan',
      lastName: 'Lee',
      phone: user.phone,
      birthdate: user.birthdate,
      inviteCode: 'JORDAN10',
      availablePoints: 120,
      role: 'PROVIDER',
      providers: [2, 5],
    });
  });
});

describe('Download Users', () => {
  it('asks for every user the list shows: its search, role filter and sort, on one page', () => {
    expect(usersExportQuery({ search: 'lee', role: 'PROVIDER', sort: 'name', dir: 'asc' })).toEqual({
      search: 'lee',
      role: 'PROVIDER',
      sort: 'name',
      dir: 'asc',
      pageSize: 'all',
    });
    expect(usersExportQuery({ search: '' })).toEqual({ search: '', pageSize: 'all' });
  });
});
