/**
 * Scheduling-system secrets at rest (credentials.password, access_token, refresh_token): AES-256-GCM with a
 * key from CREDENTIALS_KEY (32 bytes, base64), stored as `v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url
 * parts; the key id is the first 8 hex characters of the key's SHA-256, so a value names the key that
 * sealed it). CREDENTIALS_KEY_PREVIOUS is still read during a rotation; `resealCredentials` (at start-up)
 * re-encrypts every value not sealed with the current key, including plain values written before
 * encryption, which are read as they are until then. Production refuses to start without a key; elsewhere
 * a fixed development key is used when none is set. Secrets are never logged.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EnvError, type Env } from '../env';

const VERSION = 'v1';
const SEALED = /^v1:([0-9a-f]{8}):([\w-]{16}):([\w-]{22}):([\w-]*)$/;

interface Key {
  id: string;
  bytes: Buffer;
}

export interface CredentialKeys {
  current: Key;
  /** Read only: values sealed with it are re-encrypted with `current`. */
  previous?: Key;
}

function keyOf(bytes: Buffer): Key {
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}

/** Development and tests only: derived from a fixed text, so it protects nothing. */
const DEVELOPMENT_KEY = keyOf(createHash('sha256').update('upkeep development credentials key').digest());

let keys: CredentialKeys = { current: DEVELOPMENT_KEY };

/** The keys configured by CREDENTIALS_KEY and CREDENTIALS_KEY_PREVIOUS; refuses production without a key. */
export function credentialKeysFromEnv(
  env: Pick<Env, 'APP_ENV' | 'CREDENTIALS_KEY' | 'CREDENTIALS_KEY_PREVIOUS'>,
): CredentialKeys {
  if (env.CREDENTIALS_KEY === undefined) {
    if (env.APP_ENV === 'production') {
      throw new EnvError(
        'Refusing to start: CREDENTIALS_KEY is not set. Stored scheduling-system passwords and tokens are ' +
          'encrypted with it: give 32 random bytes in base64 (e.g. `openssl rand -base64 32`).',
      );
    }
    return { current: DEVELOPMENT_KEY };
  }
  return {
    current: keyOf(Buffer.from(env.CREDENTIALS_KEY, 'base64')),
    ...(env.CREDENTIALS_KEY_PREVIOUS !== undefined && {
      previous: keyOf(Buffer.from(env.CREDENTIALS_KEY_PREVIOUS, 'base64')),
    }),
  };
}

/** Sets the keys every seal and open uses from now on (start-up). */
export function useCredentialKeys(next: CredentialKeys): void {
  keys = next;
}

/** Encrypts a secret with the current key. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const header = `${VERSION}:${keys.current.id}`;
  const cipher = createCipheriv('aes-256-gcm', keys.current.bytes, iv);
  cipher.setAAD(Buffer.from(header));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
  return `${header}:${parts.join(':')}`;
}

/** Whether the stored value is sealed with the current key (else plain, or sealed with the previous one). */
export function isSealedWithCurrentKey(stored: string): boolean {
  return SEALED.exec(stored)?.[1] === keys.current.id;
}

/** The secret of a stored value: decrypted, or as it is when it was written before encryption. */
export function openSecret(stored: string): string {
  const match = SEALED.exec(stored);
  if (!match) return stored;
  const [, id, iv = '', tag = '', sealed = ''] = match;
  const key = [keys.current, keys.previous].find((candidate) => candidate?.id === id);
  if (!key) {
    throw new Error(
      `A stored credential is sealed with key ${id}, which is neither CREDENTIALS_KEY nor CREDENTIALS_KEY_PREVIOUS`,
    );
  }
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${VERSION}:${id}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** The secret columns of a credentials row. */
export const SECRET_FIELDS = ['password', 'accessToken', 'refreshToken'] as const;
type Secrets = Partial<Record<(typeof SECRET_FIELDS)[number], string | null>>;

/** The row with `change` applied to each secret present; absent and null values stay as they are. */
function mapSecrets<T extends Secrets>(values: T, change: (value: string) => string): T {
  const changed = { ...values };
  for (const field of SECRET_FIELDS) {
    const value = changed[field];
    if (typeof value === 'string') Object.assign(changed, { [field]: change(value) });
  }
  return changed;
}

/** The row's secrets sealed (for a write). */
export const sealSecrets = <T extends Secrets>(values: T): T => mapSecrets(values, sealSecret);

/** The row's secrets opened (after a read). */
export const openSecrets = <T extends Secrets>(row: T): T => mapSecrets(row, openSecret);
