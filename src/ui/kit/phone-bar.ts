/**
 * The phone's top bar (ConsoleShell): the Menu button, the lit entry's name and the account button. Its
 * height, and where its buttons end, so toasts (toaster.tsx) sit over the bar between the two buttons (and
 * clear of a full-screen drawer's ✕ in the top corner), and the sticky view-as banner sits under the bar.
 */
export const PHONE_BAR = {
  height: '56px',
  paddingX: '12px',
  /** Left of this the Menu button (12 px in, 40 px wide, then a gap); toasts start here. */
  toastStart: '60px',
  /**
   * Right of this the account button and, with a drawer or dialog open full-screen, its ✕ (8 px in, 40 px
   * wide): toasts end here.
   */
  toastEnd: '56px',
} as const;
