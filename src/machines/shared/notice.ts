/**
 * The one notice every machine emits for a toast: `{ type: 'notify', level, message }`, with an optional
 * duration (ms), `log` (also written to the console) and `undo` (the toast offers Undo, which sends this event
 * back to the machine that emitted it). `useFlow` (src/app/flow.ts) turns each into a toast.
 */
export type NoticeLevel = 'success' | 'error' | 'info';

export interface Notice {
  type: 'notify';
  level: NoticeLevel;
  message: string;
  duration?: number;
  log?: boolean;
  /** The event the toast's Undo button sends back to the flow (an action that can be reversed). */
  undo?: { type: string; [key: string]: unknown };
}

/** The label of a toast's Undo button. */
export const UNDO_LABEL = 'Undo';

/** Builds a notice event. */
export function notice(
  level: NoticeLevel,
  message: string,
  extra: Pick<Notice, 'duration' | 'log' | 'undo'> = {},
): Notice {
  return { type: 'notify', level, message, ...extra };
}

/** The params of a machine's `notify` action: `notify: emit((_, p: NoticeParams) => notice(p.level, p.message))`. */
export interface NoticeParams {
  level: NoticeLevel;
  message: string;
}

/**
 * A transition's call of the machine's `notify` action with its params, in one line:
 * `actions: notifying('error', USER_MESSAGES.fetchFailed)`.
 */
export function notifying(level: NoticeLevel, message: string) {
  return { type: 'notify' as const, params: { level, message } };
}
