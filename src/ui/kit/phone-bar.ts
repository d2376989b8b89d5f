/**
 * The phone's top bar (ConsoleShell): its height, and where its Menu button ends, so toasts (toaster.tsx)
 * sit over the bar right of the button and the sticky view-as banner sits under the bar.
 */
export const PHONE_BAR = {
  height: '56px',
  paddingX: '12px',
  menuWidth: '88px',
  /** Left of this the Menu button; toasts start here. */
  toastStart: '112px',
} as const;
