/** Where the chip picker's box stands when a key is pressed in it. */
export interface ChipPickerKeyState {
  /** The list of matches is shown. */
  open: boolean;
  /** The highlighted match (aria-activedescendant), or -1. */
  active: number;
  /** How many matches the list shows. */
  count: number;
  /** The text typed in the box. */
  query: string;
  /** How many values are chosen (the chips). */
  chosen: number;
}

/** What a key does; null leaves the key to the browser (typing, moving the caret, Tab, submitting). */
export type ChipPickerKeyResult =
  | { type: 'highlight'; active: number }
  | { type: 'choose'; index: number }
  | { type: 'close' }
  | { type: 'clear' }
  | { type: 'removeLast' }
  | null;

/**
 * The combobox keys (WAI-ARIA combobox with a listbox): Down and Up open the list and move the highlight,
 * round from the last match to the first; Enter chooses the highlighted match (the first when none is);
 * Escape closes the list, or clears the typed text when the list is closed; Backspace in an empty box
 * removes the last chip.
 */
export function chipPickerKey(key: string, state: ChipPickerKeyState): ChipPickerKeyResult {
  const { open, active, count } = state;
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { type: 'highlight', active: -1 };
      return { type: 'highlight', active: open && active < count - 1 ? active + 1 : 0 };
    case 'ArrowUp':
      if (count === 0) return { type: 'highlight', active: -1 };
      return { type: 'highlight', active: open && active > 0 ? active - 1 : count - 1 };
    case 'Enter':
      if (!open) return null;
      return count === 0
        ? { type: 'close' }
        : { type: 'choose', index: Math.max(0, Math.min(active, count - 1)) };
    case 'Escape':
      if (open) return { type: 'close' };
      return state.query === '' ? null : { type: 'clear' };
    case 'Backspace':
      return state.query === '' && state.chosen > 0 ? { type: 'removeLast' } : null;
    default:
      return null;
  }
}
