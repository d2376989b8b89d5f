/**
 * The hand-over to the external admin site (01 §2: Manage payouts, Update address). The console asks the
 * API for a one-time code for one page and record, and the link carries that code, never the session's
 * token. The external site (or its local stand-in) takes the code once to learn who is signed in.
 */
import * as v from 'valibot';

/** The external admin site's pages, with the path each has under the site's base URL. */
export const EXTERNAL_ADMIN_PAGES = ['payouts/bank-account', 'provider/locations'] as const;
export type ExternalAdminPage = (typeof EXTERNAL_ADMIN_PAGES)[number];

export const ExternalAdminCodeInputSchema = v.object({
  page: v.picklist(EXTERNAL_ADMIN_PAGES, `page must be one of ${EXTERNAL_ADMIN_PAGES.join(', ')}`),
  /** The settlement account id (payouts) or the location id (locations) the page opens. */
  id: v.pipe(v.string('id must be a string'), v.trim(), v.minLength(1, 'id is required'), v.maxLength(100)),
});
export type ExternalAdminCodeInput = v.InferInput<typeof ExternalAdminCodeInputSchema>;

export const ExternalAdminCodeSchema = v.object({
  /** 32 random bytes, base64url; good once, until `expiresAt`. */
  code: v.string(),
  expiresAt: v.string(),
});
export type ExternalAdminCode = v.InferOutput<typeof ExternalAdminCodeSchema>;

export const ExternalAdminRedeemInputSchema = v.object({
  code: v.pipe(v.string('code must be a string'), v.minLength(1, 'code is required'), v.maxLength(200)),
});

/** What taking a code tells the external site: who, and which page and record the code was issued for. */
export const ExternalAdminSessionSchema = v.object({
  uid: v.string(),
  email: v.nullable(v.string()),
  role: v.picklist(['admin', 'provider']),
  page: v.picklist(EXTERNAL_ADMIN_PAGES),
  id: v.string(),
});
export type ExternalAdminSession = v.InferOutput<typeof ExternalAdminSessionSchema>;
