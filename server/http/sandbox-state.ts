/**
 * Proof that a sandbox page is opened by the session that started the onboarding it acts on. The API
 * issues a state to a signed-in caller who may use the record (the payments onboarding link, the
 * Boulevard install link) and the page refuses to act without a valid one for that record: an HMAC-SHA256
 * of the purpose, the record and the expiry. The key is derived at start-up from the credentials key
 * (`useSandboxStateKey`, server/run.ts), so every API instance configured alike accepts the states the others
 * issued: a link issued by one instance opens on another behind the same URL.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Until start-up sets one (tests that build the app alone): a key of this process only.
let key: Buffer = randomBytes(32);

/** Derives the states' key from the deployment's secret key, so every instance configured alike agrees. */
export function useSandboxStateKey(secret: Uint8Array): void {
  key = createHmac('sha256', secret).update('upkeep sandbox page state').digest();
}

/** How long a sandbox page's state is good for. */
export const SANDBOX_STATE_TTL_MS = 30 * 60_000;

export type SandboxPurpose = 'payments-onboarding' | 'boulevard-install' | 'square-authorize';

const mac = (purpose: SandboxPurpose, subject: string, expires: number) =>
  createHmac('sha256', key).update(`${purpose}\n${subject}\n${expires}`).digest('base64url');

/** `<expiry in ms>.<mac>`: safe in a query string and a form field. */
export function issueSandboxState(purpose: SandboxPurpose, subject: string, now = Date.now()): string {
  const expires = now + SANDBOX_STATE_TTL_MS;
  return `${expires}.${mac(purpose, subject, expires)}`;
}

/** Whether the state was issued here for this purpose and record, and has not expired. */
export function isSandboxState(
  purpose: SandboxPurpose,
  subject: string,
  state: unknown,
  now = Date.now(),
): boolean {
  if (typeof state !== 'string') return false;
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(state);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now) return false;
  const expected = Buffer.from(mac(purpose, subject, expires));
  return timingSafeEqual(expected, Buffer.from(match[2]!));
}
