/**
 * The appointments workspace's order (/appointments, GET /appointments/list): by start, newest first unless
 * turned around. The list reads a page at a time after a (start, id) cursor, so it sorts only by what that
 * cursor follows: the start, either way (along appointments_start_idx, or appointments_provider_start_idx
 * for one provider). No imports: the route checks its search with these.
 */
export const APPOINTMENT_SORT_COLUMNS = ['start'] as const;
export type AppointmentSortColumn = (typeof APPOINTMENT_SORT_COLUMNS)[number];

export const APPOINTMENT_SORT_LABELS: Readonly<Record<AppointmentSortColumn, string>> = { start: 'Start' };

/** The order the list has without a choice: the latest start first. */
export const APPOINTMENT_SORT_DEFAULT = { sort: 'start', dir: 'desc' } as const;
/** Columns that start newest first when chosen. */
export const APPOINTMENT_SORTS_DESCENDING_FIRST: readonly AppointmentSortColumn[] = ['start'];
