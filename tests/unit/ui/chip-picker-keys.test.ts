import { describe, expect, it } from 'vitest';
import { chipPickerKey, type ChipPickerKeyState } from '../../../src/ui/kit/chip-picker-keys';

const closed: ChipPickerKeyState = { open: false, active: -1, count: 3, query: '', chosen: 0 };
const open = (active: number, more: Partial<ChipPickerKeyState> = {}): ChipPickerKeyState => ({
  ...closed,
  open: true,
  active,
  ...more,
});

describe('the chip picker keys', () => {
  it('Down opens the list on the first match and moves down, round from the last to the first', () => {
    expect(chipPickerKey('ArrowDown', closed)).toEqual({ type: 'highlight', active: 0 });
    expect(chipPickerKey('ArrowDown', open(-1))).toEqual({ type: 'highlight', active: 0 });
    expect(chipPickerKey('ArrowDown', open(0))).toEqual({ type: 'highlight', active: 1 });
    expect(chipPickerKey('ArrowDown', open(2))).toEqual({ type: 'highlight', active: 0 });
  });

  it('Up opens the list on the last match and moves up, round from the first to the last', () => {
    expect(chipPickerKey('ArrowUp', closed)).toEqual({ type: 'highlight', active: 2 });
    expect(chipPickerKey('ArrowUp', open(-1))).toEqual({ type: 'highlight', active: 2 });
    expect(chipPickerKey('ArrowUp', open(2))).toEqual({ type: 'highlight', active: 1 });
    expect(chipPickerKey('ArrowUp', open(0))).toEqual({ type: 'highlight', active: 2 });
  });

  it('with no matches the arrows open the list (to say so) and highlight nothing', () => {
    const none = { ...closed, count: 0, query: 'zz' };
    expect(chipPickerKey('ArrowDown', none)).toEqual({ type: 'highlight', active: -1 });
    expect(chipPickerKey('ArrowUp', none)).toEqual({ type: 'highlight', active: -1 });
  });

  it('Enter chooses the highlighted match, the first when none is, and is the form’s while the list is closed', () => {
    expect(chipPickerKey('Enter', open(1))).toEqual({ type: 'choose', index: 1 });
    expect(chipPickerKey('Enter', open(-1))).toEqual({ type: 'choose', index: 0 });
    expect(chipPickerKey('Enter', open(-1, { count: 0 }))).toEqual({ type: 'close' });
    expect(chipPickerKey('Enter', closed)).toBeNull();
  });

  it('Escape closes the list, then clears the typed text, then is the dialog’s', () => {
    expect(chipPickerKey('Escape', open(1, { query: 'ser' }))).toEqual({ type: 'close' });
    expect(chipPickerKey('Escape', { ...closed, query: 'ser' })).toEqual({ type: 'clear' });
    expect(chipPickerKey('Escape', closed)).toBeNull();
  });

  it('Backspace in the empty box removes the last chip; with text it deletes a letter', () => {
    expect(chipPickerKey('Backspace', { ...closed, chosen: 2 })).toEqual({ type: 'removeLast' });
    expect(chipPickerKey('Backspace', { ...closed, chosen: 2, query: 's' })).toBeNull();
    expect(chipPickerKey('Backspace', closed)).toBeNull();
  });

  it('leaves typing, Tab and the caret keys to the browser', () => {
    for (const key of ['a', 'Tab', 'Home', 'End', 'ArrowLeft', ' ']) {
      expect(chipPickerKey(key, open(0, { query: 'a' }))).toBeNull();
    }
  });
});
