import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import './later-recipes';
import { PHONE_BAR } from './phone-bar';

/** At least this wide (Chakra's md), toasts sit at the bottom end; narrower, at the top. */
export const WIDE_TOASTS = '(min-width: 48rem)';

/** How long past its own time a toast may stay while a pointer or the focus rests on it. */
export const MAX_PAUSE_MS = 8_000;

const wide = typeof window === 'undefined' || window.matchMedia(WIDE_TOASTS).matches;

/**
 * One toaster for the whole console; loaded on the first notice (see notify.ts). On a wide screen at the
 * bottom end, so a toast never covers a page header's actions. On a phone, where Save buttons and dialog
 * actions sit at the bottom of the screen, over the top bar between its Menu and account buttons (PHONE_BAR in
 * ConsoleShell), above the page, where no full-screen drawer's ✕ or dialog's actions are. The placement is taken when the first notice loads the toaster.
 */
export const toaster = createToaster(
  wide
    ? { placement: 'bottom-end', pauseOnPageIdle: true }
    : {
        placement: 'top',
        pauseOnPageIdle: true,
        gap: 8,
        offsets: { top: '8px', left: PHONE_BAR.toastStart, right: PHONE_BAR.toastEnd, bottom: '16px' },
      },
);

/**
 * How long each kind of toast stays when its notice names no time: long enough to read a sentence (a loading
 * toast waits for its update).
 */
export const DURATIONS: Record<string, number> = { success: 5_000, error: 6_000, info: 5_000 };

/** A toast with an action (e.g. Undo) stays at least this long: time to read it, decide and reach the button. */
export const MIN_ACTION_MS = 10_000;

/**
 * A notice's own time (the spec's, where it names one: 01 §8's 1 s for service items, 2 s for sign-in errors,
 * 5 s for the reset email), else its kind's; a toast with an action never shorter than MIN_ACTION_MS.
 */
export function durationOf(type: string, duration: number | undefined, hasAction = false): number {
  const time = duration ?? DURATIONS[type] ?? Number.POSITIVE_INFINITY;
  return hasAction ? Math.max(time, MIN_ACTION_MS) : time;
}

/**
 * A pointer over a toast pauses it, and on a phone a tap leaves the pointer there: the toast is taken away
 * MAX_PAUSE_MS after its own time at the latest, paused or not. Restarts when the toast is updated.
 */
function EndsAnyway({
  id,
  type,
  duration,
  title,
}: {
  id: string;
  type: string;
  duration?: number;
  title: unknown;
}) {
  useEffect(() => {
    const lifetime = duration ?? DURATIONS[type];
    if (lifetime === undefined || !Number.isFinite(lifetime)) return;
    const timer = window.setTimeout(() => toaster.dismiss(id), lifetime + MAX_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [id, type, duration, title]);
  return null;
}

export function Toaster() {
  return (
    <Portal>
      {/* Both edges on a narrow screen, also when the wide placement was taken before the window shrank. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ base: 'full', md: 'sm' }} py={{ mdDown: '2' }} minH={{ mdDown: '10' }}>
            <EndsAnyway
              id={toast.id ?? ''}
              type={toast.type ?? 'info'}
              duration={toast.duration}
              title={toast.title}
            />
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && (
              <Toast.ActionTrigger aria-label={`${toast.action.label}: ${String(toast.title ?? '')}`}>
                {toast.action.label}
              </Toast.ActionTrigger>
            )}
            <Toast.CloseTrigger aria-label="Dismiss" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
