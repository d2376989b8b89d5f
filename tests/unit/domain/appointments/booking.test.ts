/** Where Update/reschedule starts looking for open times, and the prompt before open times can be looked up. */
import { describe, expect, it } from 'vitest';
import { openTimesPrompt, rescheduleFromDay } from '../../../../src/domain/appointments/booking';

const LA = 'America/Los_Angeles';

describe('rescheduleFromDay', () => {
  const now = '2026-11-29T20:00:00Z'; // Sunday 29 November, noon in Los Angeles

  it('an appointment still ahead: its own day, in the location’s zone', () => {
    expect(rescheduleFromDay('2026-12-03T18:00:00Z', now, LA)).toBe('2026-12-03');
    // 02:00 UTC on 5 December is still the evening of the 4th in Los Angeles.
    expect(rescheduleFromDay('2026-12-05T02:00:00Z', now, LA)).toBe('2026-12-04');
  });

  it('an appointment in the past, or earlier today: today', () => {
    expect(rescheduleFromDay('2026-10-01T17:00:00Z', now, LA)).toBe('2026-11-29');
    expect(rescheduleFromDay('2026-11-29T16:00:00Z', now, LA)).toBe('2026-11-29');
  });

  it('today is the location’s today, not the reader’s', () => {
    // 06:00 UTC on 30 November: already the 30th in UTC, still the 29th in Los Angeles.
    expect(rescheduleFromDay('2026-11-01T17:00:00Z', '2026-11-30T06:00:00Z', LA)).toBe('2026-11-29');
    expect(rescheduleFromDay('2026-11-01T17:00:00Z', '2026-11-30T06:00:00Z', 'Europe/Paris')).toBe(
      '2026-11-30',
    );
  });
});

describe('openTimesPrompt', () => {
  it('asks for a provider only where the dialog has a provider to choose', () => {
    expect(openTimesPrompt('provider')).toBe('Choose service items to see the open times.');
    expect(openTimesPrompt('admin')).toBe('Choose service items and a provider to see the open times.');
    expect(openTimesPrompt('reschedule')).toBe('Choose service items and a provider to see the open times.');
  });
});
