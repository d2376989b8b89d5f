/**
 * The holiday half of the Special Dates chart (spec 02 §7): the `holidays` region (the list, on by default,
 * with its opt-out), the bulk add that the `dates` region runs as `addingHolidays`, and their guards and
 * actions. special-dates.machine.ts spreads these into its `setup(...)` and its states; the names stay the
 * chart's, so the generated statechart doc reads the same.
 *
 *   holidays: loading ──done──► ready.listed ⇄ ready.optedOut (holidays.optOut / holidays.optIn)
 *               └─error─► failed ──holidays.retry──► loading
 *   dates:    idle ──holidays.add [listed, some to add]──► addingHolidays (one POST per holiday; loops) ──► idle
 */
import { and, assign, emit, stateIn, type AnyStateNodeConfig } from 'xstate';
import { formatSlashDate } from '../../domain/providers/dates';
import type { HolidayEntry } from '../../domain/providers/holiday-list';
import { SPECIAL_DATE_MESSAGES } from '../../domain/shared/messages';
import { notice, type Notice, notifying } from '../shared/notice';
import { inTurn } from '../shared/in-turn';
import { placeholder } from '../shared/placeholder';
import { planHolidays, type SpecialDatesContext, type SpecialDatesEvent } from './special-dates.rules';

type Context = { context: SpecialDatesContext };
const take = assign<SpecialDatesContext, SpecialDatesEvent, undefined, SpecialDatesEvent, never>;

/** A bulk holiday add starting: the holidays to add in turn, and the clashing ones as the section lists them. */
export function holidayPlanOf(context: SpecialDatesContext) {
  const plan = planHolidays(context);
  return {
    holidayQueue: plan.toAdd,
    holidaysAdded: 0,
    clashes: plan.clashes.map((h) => ({ name: h.name, date: formatSlashDate(h.date) })),
  };
}

/** The holiday list with one holiday checked or unchecked. */
export const withHolidayChecked = (context: SpecialDatesContext, index: number, checked: boolean) =>
  context.holidays
    ? context.holidays.map((holiday, i) => (i === index ? { ...holiday, checked } : holiday))
    : context.holidays;

/** The holiday calendar of the location's zone (its own chunk, imported by the actor). */
export const holidayActors = {
  loadHolidays: placeholder<HolidayEntry[], { timeZone: string }>('loadHolidays'),
};

export const holidayGuards = {
  hasHolidaysToAdd: ({ context }: Context) => planHolidays(context).toAdd.length > 0,
  hasHolidayClashes: ({ context }: Context) => planHolidays(context).clashes.length > 0,
  hasMoreHolidays: ({ context }: Context) => context.holidayQueue.length > 1,
};

export const holidayActions = {
  planHolidays: take(({ context }) => holidayPlanOf(context)),
  countHoliday: take({
    holidayQueue: ({ context }) => context.holidayQueue.slice(1),
    holidaysAdded: ({ context }) => context.holidaysAdded + 1,
  }),
  clearHolidayQueue: take({ holidayQueue: [] }),
  notifyHolidaysAdded: emit<SpecialDatesContext, SpecialDatesEvent, undefined, SpecialDatesEvent, Notice>(
    ({ context }) => notice('success', SPECIAL_DATE_MESSAGES.holidaysAdded(context.holidaysAdded)),
  ),
  checkHoliday: take({
    holidays: ({ context, event }) =>
      event.type === 'holiday.check'
        ? withHolidayChecked(context, event.index, event.checked)
        : context.holidays,
  }),
};

/** `holidays.add` while the dates are idle: add the checked ones, or say there is nothing to add. */
export const holidaysAdd = [
  {
    guard: and([stateIn('#specialDates.holidays.ready.listed'), 'hasHolidaysToAdd']),
    target: 'addingHolidays',
    actions: 'planHolidays',
  },
  {
    guard: and([stateIn('#specialDates.holidays.ready.listed'), 'hasHolidayClashes']),
    actions: ['planHolidays', notifying('info', SPECIAL_DATE_MESSAGES.nothingToAdd)],
  },
] as NonNullable<AnyStateNodeConfig['on']>[string];

/** The `dates` region's bulk add: one POST per holiday to add, in turn. */
export const addingHolidays: AnyStateNodeConfig = {
  tags: ['busy'],
  description: 'One POST per holiday to add, in turn; the clashing ones were set aside.',
  invoke: {
    src: 'createSpecialDate',
    input: ({ context }: Context) => {
      const holiday = context.holidayQueue[0];
      if (!holiday) throw new Error('adding holidays without any');
      const date = formatSlashDate(holiday.date);
      return { startDate: date, endDate: date, locationId: context.locationId };
    },
    onDone: inTurn(
      { self: 'addingHolidays', more: 'hasMoreHolidays', each: ['keepDate', 'countHoliday'] },
      { target: 'idle', actions: ['notifyHolidaysAdded'] },
    ),
    onError: { target: 'idle', actions: ['clearHolidayQueue', 'notifyFailure'] },
  } as AnyStateNodeConfig['invoke'],
};

/** The `holidays` region: the list loads, then is listed (checkboxes) or opted out of. */
export const holidaysRegion = {
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadHolidays',
        input: ({ context }: Context) => ({ timeZone: context.timeZone }),
        onDone: {
          target: 'ready',
          actions: take({ holidays: ({ event }) => (event as unknown as { output: HolidayEntry[] }).output }),
        },
        onError: 'failed',
      },
    } as AnyStateNodeConfig,
    failed: { on: { 'holidays.retry': 'loading' } } as AnyStateNodeConfig,
    ready: {
      initial: 'listed',
      states: {
        listed: {
          on: {
            'holidays.optOut': 'optedOut',
            'holiday.check': { actions: 'checkHoliday' },
          },
        } as AnyStateNodeConfig,
        optedOut: {
          description: 'The holiday list is on by default; this is its opt-out.',
          on: { 'holidays.optIn': 'listed' },
        } as AnyStateNodeConfig,
      },
    },
  },
};
