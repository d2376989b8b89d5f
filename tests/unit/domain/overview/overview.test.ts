import { describe, expect, it } from 'vitest';
import { changeOf, daysOf, overviewWindows, windowOf } from '../../../../src/domain/overview/overview';

describe('the overview windows', () => {
  it('are the 30 days ending on the day given and the 30 before, across a month end', () => {
    const windows = overviewWindows('2026-03-01');
    expect(windows).toEqual({
      current: { from: '2026-01-31', to: '2026-03-01' },
      previous: { from: '2026-01-01', to: '2026-01-30' },
    });
    expect(daysOf(windows.current)).toHaveLength(30);
    expect(daysOf(windows.previous)).toHaveLength(30);
    expect(daysOf(windows.current).slice(-2)).toEqual(['2026-02-28', '2026-03-01']);
  });

  it('place each day in one window or neither', () => {
    const windows = overviewWindows('2026-06-30');
    expect(windowOf(windows, '2026-06-30')).toBe('current');
    expect(windowOf(windows, '2026-06-01')).toBe('current');
    expect(windowOf(windows, '2026-05-31')).toBe('previous');
    expect(windowOf(windows, '2026-05-02')).toBe('previous');
    expect(windowOf(windows, '2026-05-01')).toBeNull();
    expect(windowOf(windows, '2026-07-01')).toBeNull();
  });
});

describe('changeOf', () => {
  it('gives the whole-percent change as a sign and in words', () => {
    expect(changeOf(150, 100)).toEqual({
      direction: 'up',
      text: '+50%',
      label: 'Up 50% from the previous 30 days',
    });
    expect(changeOf(92, 100)).toEqual({
      direction: 'down',
      text: '−8%',
      label: 'Down 8% from the previous 30 days',
    });
    expect(changeOf(100, 100).direction).toBe('same');
    // Under half a percent rounds to no change.
    expect(changeOf(1004, 1000)).toMatchObject({ direction: 'same', text: '0%' });
  });

  it('says New when there was nothing before, and no change from nothing to nothing', () => {
    expect(changeOf(3, 0)).toEqual({
      direction: 'new',
      text: 'New',
      label: 'Up from none in the previous 30 days',
    });
    expect(changeOf(0, 0)).toMatchObject({ direction: 'same', text: '0%' });
    expect(changeOf(0, 5)).toMatchObject({ direction: 'down', text: '−100%' });
  });
});
