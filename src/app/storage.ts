/**
 * Browser storage for the persistence machine: reads and writes the two keys of the stored state
 * (src/domain/shared/persistence.ts). Only the allowlisted slices are read back; passwords are blanked before
 * anything reaches here.
 */
import {
  fromStorageEntries,
  STORAGE_KEYS,
  type StorageEntries,
  type StoredState,
} from '../domain/shared/persistence';
import { STORED_SLICE_READERS } from '../domain/shared/stored-slices';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function readStoredState(storage: KeyValueStorage): StoredState {
  return fromStorageEntries(
    {
      idToken: storage.getItem(STORAGE_KEYS.idToken),
      state: storage.getItem(STORAGE_KEYS.state),
    },
    STORED_SLICE_READERS,
  );
}

export function writeStoredState(storage: KeyValueStorage, entries: StorageEntries): void {
  for (const [name, key] of [
    ['idToken', STORAGE_KEYS.idToken],
    ['state', STORAGE_KEYS.state],
  ] as const) {
    const value = entries[name];
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  }
}

/** localStorage when the browser lets us use it; otherwise memory only (private modes, disabled storage). */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__upkeep_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    };
  }
}
