/**
 * What an inbox entry says (one plain sentence per kind), its label, where its record is in the console and
 * the inbox's messages. Pure: "now" and the reader's zone are arguments.
 */
import { Temporal } from 'temporal-polyfill';
import { formatWhen } from '../audit/audit-times';
import { strategyLabel } from '../providers/provider-list';
import { formatDollars } from '../shared/money';
import { NOTIFICATION_KINDS, type NotificationKind } from './kinds';

export { NOTIFICATION_KINDS, type NotificationKind };

/** What the sentence and the link read of an entry (the API's notification). */
export interface NotificationFacts {
  kind: NotificationKind;
  recordType: string;
  recordId: string;
  providerId: number | null;
  params: Readonly<Record<string, string | number | readonly string[]>>;
}

export const NOTIFICATION_MESSAGES = {
  loadFailed: 'The notifications could not be loaded.',
  olderFailed: 'Older notifications could not be loaded.',
  caughtUp: "You're all caught up",
  caughtUpDetail: 'Nothing needs your attention right now.',
  noneAtAll: 'No notifications yet',
  noneAtAllDetail:
    'Stalled onboardings, silent scheduling systems, payouts requirements, late cancellations and failed receipts show up here.',
  updateFailed: 'The notification could not be updated. Try again.',
  dismissed: 'Notification dismissed.',
} as const;

export const KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  'onboarding-stuck': 'Onboarding',
  'connection-down': 'Scheduling system',
  'payouts-requirements': 'Payouts',
  'late-cancellation': 'Late cancellation',
  'receipt-failed': 'Receipt',
};

const MISSING_WORDS: Readonly<Record<string, string>> = {
  hours: 'opening hours',
  payouts: 'a payouts account',
  cover: 'a cover photo',
};

const REQUIREMENT_WORDS: Readonly<Record<string, string>> = {
  external_account: 'a bank account',
  'individual.dob.day': 'date of birth',
  'individual.dob.month': 'date of birth',
  'individual.dob.year': 'date of birth',
  'individual.first_name': 'first name',
  'individual.last_name': 'last name',
  'individual.id_number': 'ID number',
  'individual.ssn_last_4': 'last four of the SSN',
  'individual.address.line1': 'home address',
  'business_profile.mcc': 'business category',
  'business_profile.url': 'business website',
};

const RECIPIENT_WORDS: Readonly<Record<string, string>> = {
  CUSTOMER: 'the customer',
  PROVIDER: 'the provider',
  UPKEEP_SUPPORT: 'Upkeep support',
};

/** "a", "a and b", "a, b and c". */
export function inProse(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A requirement name as words: known ones by name, others with their dots and underscores as spaces. */
export function requirementWords(name: string): string {
  return REQUIREMENT_WORDS[name] ?? name.split('.').at(-1)!.replaceAll('_', ' ');
}

const DAY_MS = 24 * 60 * 60 * 1000;

function epochMs(iso: string): number | null {
  try {
    return Temporal.Instant.from(iso).epochMilliseconds;
  } catch {
    return null;
  }
}

/** The entry as one plain sentence. */
export function notificationSentence(
  notification: Pick<NotificationFacts, 'kind' | 'params'>,
  nowMs: number,
  timeZone: string,
): string {
  const { params } = notification;
  const provider = text(params['provider'], 'A provider');
  const when = () => formatWhen(text(params['start'], ''), text(params['timeZone'], timeZone));
  switch (notification.kind) {
    case 'onboarding-stuck': {
      const since = epochMs(text(params['since'], ''));
      const days = since === null ? null : Math.max(0, Math.floor((nowMs - since) / DAY_MS));
      const missing = list(params['missing']).map((item) => MISSING_WORDS[item] ?? item);
      const how = days === null ? 'for over a week' : `for ${days} ${days === 1 ? 'day' : 'days'}`;
      return `${provider} has been onboarding ${how} and still needs ${inProse(missing) || 'its setup finished'}.`;
    }
    case 'connection-down': {
      const system = strategyLabel(text(params['system'], '')) ?? 'scheduling system';
      return `${provider}'s ${system} connection stopped answering.`;
    }
    case 'payouts-requirements': {
      const due = [...new Set(list(params['requirements']).map(requirementWords))];
      return `${provider}'s payouts account needs more details: ${inProse(due)}.`;
    }
    case 'late-cancellation': {
      const fee = params['lateFeeInCents'];
      const feeText = typeof fee === 'number' && fee > 0 ? ` (${formatDollars(fee)} late fee)` : '';
      return `${text(params['customer'], 'A customer')} cancelled late: the booking at ${provider} on ${when()}${feeText}.`;
    }
    case 'receipt-failed': {
      const to = RECIPIENT_WORDS[text(params['recipient'], '')] ?? 'its recipient';
      return `The receipt to ${to} for ${text(params['customer'], 'a customer')}'s booking at ${provider} on ${when()} could not be sent: there is no address to send it to.`;
    }
  }
}

export interface NotificationLink {
  href: string;
  label: string;
}

/** Where the entry's record is: the provider's manage view, or the booking's day in the appointments workspace. */
export function notificationLink(notification: Omit<NotificationFacts, 'kind'>): NotificationLink | null {
  if (notification.recordType === 'provider' && /^[1-9]\d*$/.test(notification.recordId))
    return { href: `/providers?provider=${notification.recordId}`, label: 'Open provider' };
  if (notification.recordType === 'appointment' && notification.providerId !== null) {
    const day = text(notification.params['day'], '');
    const range = /^\d{4}-\d{2}-\d{2}$/.test(day) ? `&from=${day}&to=${day}` : '';
    return { href: `/appointments?provider=${notification.providerId}${range}`, label: 'Open appointment' };
  }
  return null;
}
