/**
 * The calendar month as the URL carries it, YYYY-MM. A module of its own with no imports: the route checks
 * its search with it, and routes load with the sign-in page, which must not pull in Temporal.
 */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The week view's focused day as the URL carries it, YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The calendar's views, as the URL carries them (`view=week`). */
export const CALENDAR_VIEWS = ['month', 'week'] as const;
export type CalendarViewMode = (typeof CALENDAR_VIEWS)[number];
