import { Temporal } from 'temporal-polyfill';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../../../src/domain/shared/constants';
import {
  formatBillingEmails,
  formatCoordinates,
  fullAddressOf,
  isAddressComplete,
  isIanaTimeZone,
  isValidTaxRate,
  needsGeocoding,
  parseBillingEmails,
  parseCoordinates,
} from '../../../../src/domain/providers/location';

describe('the address a location save needs: street, city, and state or country', () => {
  const full = { streetAddress: '1234 Montana Ave', city: 'Santa Monica', state: 'CA', country: 'US' };
  it.each([
    [full, true],
    [{ ...full, country: null }, true],
    [{ ...full, state: '' }, true],
    [{ ...full, state: null, country: '  ' }, false],
    [{ ...full, streetAddress: ' ' }, false],
    [{ ...full, city: undefined }, false],
    [{}, false],
  ])('%j → %j', (address, complete) => {
    expect(isAddressComplete(address)).toBe(complete);
  });

  it('geocodes automatically only a complete address without coordinates', () => {
    expect(needsGeocoding(full, null)).toBe(true);
    expect(needsGeocoding(full, { lat: 34, lng: -118 })).toBe(false);
    expect(needsGeocoding({ ...full, city: '' }, null)).toBe(false);
  });

  it('writes the full address from the parts that are there', () => {
    expect(fullAddressOf({ ...full, zip: '90403' })).toBe('1234 Montana Ave, Santa Monica, CA 90403, US');
    expect(fullAddressOf({ streetAddress: '1 Main St', city: 'Austin', country: 'US' })).toBe(
      '1 Main St, Austin, US',
    );
  });
});

describe('tax rate: a number from 0 to 1', () => {
  it.each([
    [0, true],
    [1, true],
    [0.1025, true],
    [-0.01, false],
    [1.01, false],
    [Number.NaN, false],
  ])('%j → %j', (rate, valid) => {
    expect(isValidTaxRate(rate)).toBe(valid);
  });
});

describe('billing contact emails: split on commas after whitespace is removed', () => {
  it.each([
    ['a@x.com', ['a@x.com'], []],
    [' a@x.com , b@y.org ', ['a@x.com', 'b@y.org'], []],
    ['a @x.com,b@y.org,', ['a@x.com', 'b@y.org'], []],
    ['a@x.com, not-an-email', ['a@x.com', 'not-an-email'], ['not-an-email']],
    ['', [], []],
  ])('%j', (text, emails, invalid) => {
    expect(parseBillingEmails(text)).toEqual({ emails, invalid });
  });

  it('no whitespace survives, and the stored form reads back the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.emailAddress(), { maxLength: 5 }),
        fc.constantFrom(' ', '\t', '\n', ''),
        (list, gap) => {
          const typed = list.join(`${gap},${gap}`);
          const { emails, invalid } = parseBillingEmails(typed);
          expect(emails.every((email) => !/\s/.test(email))).toBe(true);
          expect(parseBillingEmails(formatBillingEmails(emails)).emails).toEqual(emails);
          expect(invalid.length).toBeLessThanOrEqual(emails.length);
        },
      ),
    );
  });
});

describe('coordinates typed as "lat, lng"', () => {
  it.each([
    ['34.0336, -118.4979', { lat: 34.0336, lng: -118.4979 }],
    ['34,-118', { lat: 34, lng: -118 }],
    ['-90, 180', { lat: -90, lng: 180 }],
    ['91, 0', null],
    ['0, 181', null],
    ['34.0336', null],
    ['north, west', null],
    ['1, 2, 3', null],
  ])('%j → %j', (text, coordinates) => {
    expect(parseCoordinates(text)).toEqual(coordinates);
  });

  it('reads back every valid pair it writes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          expect(parseCoordinates(formatCoordinates({ lat, lng }))).toEqual({ lat: lat + 0, lng: lng + 0 });
        },
      ),
    );
  });
});

describe('time zones: real IANA names only', () => {
  it.each([
    [DEFAULT_TIME_ZONE, true],
    ['America/New_York', true],
    ['Pacific/Honolulu', true],
    ['UTC', true],
    ['america/los_angeles', false],
    ['+05:00', false],
    ['Mars/Olympus_Mons', false],
    ['', false],
  ])('%j → %j', (zone, valid) => {
    expect(isIanaTimeZone(zone)).toBe(valid);
  });

  it('accepts every zone the platform lists', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) expect(isIanaTimeZone(zone), zone).toBe(true);
  });

  it('judges every name as the time library does: links, other cases, offsets, ICU names and nonsense', () => {
    const temporalAccepts = (name: string) => {
      if (!/^[A-Za-z]/.test(name)) return false;
      try {
        return Temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(name).timeZoneId === name;
      } catch {
        return false;
      }
    };
    const links = [
      'Asia/Kolkata',
      'US/Pacific',
      'Europe/Kyiv',
      'America/Argentina/Buenos_Aires',
      'GMT',
      'EST',
    ];
    const others = [
      'Etc/GMT+5',
      'Etc/GMT-14',
      'ACT',
      'PST',
      'Antarctica/DumontDUrville',
      'America/Port-au-Prince',
    ];
    const names = [...Intl.supportedValuesOf('timeZone'), ...links, ...others, 'Mars/Olympus_Mons', 'UTC+1'];
    const variants = names.flatMap((name) => [name, name.toLowerCase(), name.toUpperCase()]);
    for (const name of variants) expect(isIanaTimeZone(name), name).toBe(temporalAccepts(name));
  });
});
