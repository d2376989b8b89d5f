/**
 * The one notice every machine emits for a toast: `{ type: 'notify', level, message }`, with an optional
 * duration (ms) and `log` (also written to the console). `useFlow` (src/app/flow.ts) turns each into a toast.
 */
export type NoticeLevel = 'success' | 'error' | 'info';

export interface Notice {
  type: 'notify';
  level: NoticeLevel;
  message: string;
  duration?: number;
  log?: boolean;
}

/** Builds a notice event. */
export function notice(
  level: NoticeLevel,
  message: string,
  extra: Pick<Notice, 'duration' | 'log'> = {},
): Notice {
  return { type: 'notify', level, message, ...extra };
}

/** The params of a machine's `notify` action: `notify: emit((_, p: NoticeParams) => notice(p.level, p.message))`. */
export interface NoticeParams {
  level: NoticeLevel;
  message: string;
}
