/**
 * The state the console keeps in browser storage across reloads (01 §4): the ID token under its own key,
 * `idToken`, and every other piece of stored state as one JSON document of named slices (the session's
 * view state, the onboarding wizard, …), each owned by one part of the console.
 *
 * What is stored is an allowlist: only slices with a reader in `STORED_SLICE_READERS`
 * (src/domain/shared/stored-slices.ts) are written or read back, and each through its reader, which keeps
 * only the fields it knows. Every password left in an allowed slice is still blanked before it is written.
 * Pure: the storage itself is an adapter in src/app.
 */

/**
 * Reads one slice: the fields of `value` this part of the console stores, or null when `value` is not a
 * slice of the expected shape (it is then neither written nor restored).
 */
export type SliceReader = (value: unknown) => unknown;

/** The slices that may be stored, by name. */
export type SliceReaders = Readonly<Record<string, SliceReader>>;

/** Only the allowed slices, each as its reader returns it; unknown or unreadable slices are dropped. */
export function allowedSlices(
  slices: Readonly<Record<string, unknown>>,
  readers: SliceReaders,
): Record<string, unknown> {
  // From entries, so every name stays an own key (see blankPasswords).
  return Object.fromEntries(
    Object.entries(slices).flatMap(([name, value]) => {
      const read = Object.hasOwn(readers, name) ? readers[name] : undefined;
      const slice = read?.(value);
      return slice === null || slice === undefined ? [] : [[name, slice] as const];
    }),
  );
}

export const STORAGE_KEYS = {
  /** The session's ID token, kept locally as `idToken`. */
  idToken: 'idToken',
  /** Everything else, as JSON: `{ version, slices }`. */
  state: 'upkeep:state',
} as const;

export const STORED_STATE_VERSION = 1;

export interface StoredState {
  idToken: string | null;
  /** Named slices of state, each written by the part of the console that owns it. */
  slices: Readonly<Record<string, unknown>>;
}

export const EMPTY_STORED_STATE: StoredState = { idToken: null, slices: {} };

/** What is written under each key; null means the key is removed. */
export interface StorageEntries {
  idToken: string | null;
  state: string | null;
}

const PASSWORD_KEY = /passw(or)?d/i;

/**
 * A copy of the value with every password blanked: any property whose name mentions a password (password,
 * confirmPassword, credentials.password, …) and holds a plain value becomes ''. Objects and arrays are
 * walked; nothing else changes.
 */
export function blankPasswords<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => blankPasswords(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  // Built from entries, so every key stays an own key: assigning `copy['__proto__']` would set the copy's
  // prototype instead (JSON.parse of stored state can give that key).
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PASSWORD_KEY.test(key) && item !== null && typeof item !== 'object' ? '' : blankPasswords(item),
    ]),
  ) as T;
}

/** The state with one slice replaced; null or undefined removes the slice. */
export function withSlice(state: StoredState, name: string, value: unknown): StoredState {
  const { [name]: _previous, ...others } = state.slices;
  return { ...state, slices: value === null || value === undefined ? others : { ...others, [name]: value } };
}

export function isEmptyStoredState(state: StoredState): boolean {
  return state.idToken === null && Object.keys(state.slices).length === 0;
}

/** What to write: the allowed slices only, passwords blanked. An empty state removes both keys. */
export function toStorageEntries(state: StoredState, readers: SliceReaders): StorageEntries {
  const slices = allowedSlices(state.slices, readers);
  const hasSlices = Object.keys(slices).length > 0;
  return {
    idToken: state.idToken && state.idToken !== '' ? state.idToken : null,
    state: hasSlices
      ? JSON.stringify({ version: STORED_STATE_VERSION, slices: blankPasswords(slices) })
      : null,
  };
}

/**
 * What was read back: the allowed slices only, each through its reader. Anything unreadable (another
 * version, bad JSON, wrong shape) counts as nothing.
 */
export function fromStorageEntries(entries: StorageEntries, readers: SliceReaders): StoredState {
  const idToken = entries.idToken && entries.idToken.trim() !== '' ? entries.idToken : null;
  if (!entries.state) return { idToken, slices: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(entries.state);
  } catch {
    return { idToken, slices: {} };
  }
  if (typeof parsed !== 'object' || parsed === null) return { idToken, slices: {} };
  const { version, slices } = parsed as { version?: unknown; slices?: unknown };
  if (
    version !== STORED_STATE_VERSION ||
    typeof slices !== 'object' ||
    slices === null ||
    Array.isArray(slices)
  )
    return { idToken, slices: {} };
  return { idToken, slices: allowedSlices(slices as Record<string, unknown>, readers) };
}
