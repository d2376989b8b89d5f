/**
 * The allowlist of browser storage: every slice of stored state the console may keep, with the reader that
 * keeps only its known fields. A slice missing here is never written to storage nor read back from it.
 */
import { parseStoredSession, SESSION_SLICE } from '../auth/session';
import { emptyProfile } from '../onboarding/drafts';
import { ONBOARDING_SLICE, progressFrom } from '../onboarding/progress';
import { DEFAULT_TIME_ZONE } from './constants';
import type { SliceReaders } from './persistence';

export const STORED_SLICE_READERS: SliceReaders = {
  [SESSION_SLICE]: parseStoredSession,
  // The wizard's progress (passwords are still blanked on the way out).
  [ONBOARDING_SLICE]: (value) => progressFrom(value, emptyProfile(DEFAULT_TIME_ZONE)),
};
