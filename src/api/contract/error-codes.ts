/**
 * Every error code the reference API answers with, in one place shared by the server (which sends them) and
 * the console (which branches on them). Compare against these constants, never against string literals.
 */
import { AUTH_ERROR_CODES } from './auth-error-codes';

export const API_ERROR_CODES = {
  // Request shape (server/http); unauthenticated and forbidden are in ./auth-error-codes, which the API
  // client in the first load reads without the rest
  ...AUTH_ERROR_CODES,
  invalidJson: 'request/invalid-json',
  unsupportedMediaType: 'request/unsupported-media-type',
  invalidBody: 'request/invalid-body',
  invalidQuery: 'request/invalid-query',
  /** A path parameter (e.g. an id) that is malformed, or a control character in the path. */
  invalidParam: 'request/invalid-param',
  invalidMultipart: 'request/invalid-multipart',
  tooLarge: 'request/too-large',
  badRequest: 'request/bad-request',
  rateLimited: 'request/rate-limited',
  routeNotFound: 'route/not-found',
  internal: 'server/internal',
  databaseUnavailable: 'server/database-unavailable',
  /** The identity service (sign-in accounts) did not answer in time or could not be reached. */
  identityUnavailable: 'server/identity-unavailable',
  /** Optimistic concurrency: the record's version is not the one the write was based on. */
  recordStale: 'record/stale',
  /** A concurrent request created the same record first (a unique key the write's own check did not see). */
  recordExists: 'record/exists',
  /** A delete or key change refused because another record still refers to this one. */
  recordInUse: 'record/in-use',
  /** A write refers to a record that does not exist (or was deleted meanwhile). */
  recordReferenceMissing: 'record/reference-missing',
  /** The Idempotency-Key header is empty, too long or holds a character that is not printable. */
  idempotencyKeyInvalid: 'request/bad-idempotency-key',
  /** The Idempotency-Key was used before for another request (another body, path or method). */
  idempotencyKeyReused: 'request/idempotency-key-reused',
  /** The first request with this Idempotency-Key is still running. */
  idempotencyInProgress: 'request/idempotency-running',
  // Catalogue
  serviceItemNotFound: 'service-item/not-found',
  serviceItemInUse: 'service-item/in-use',
  bundleNotFound: 'bundle/not-found',
  bundleInUse: 'bundle/in-use',
  priceTierNotFound: 'price-tier/not-found',
  // Pricing tiers and their polygons
  priceTierLastTier: 'price-tier/last-tier',
  polygonNotFound: 'polygon/not-found',
  polygonNameExists: 'polygon/name-exists',
  polygonInvalidPoints: 'polygon/invalid-points',
  // Uploads
  uploadNotFound: 'upload/not-found',
  uploadTooLarge: 'upload/too-large',
  uploadNotAnImage: 'upload/not-an-image',
  uploadQuotaExceeded: 'upload/quota-exceeded',
  // Users
  userNotFound: 'user/not-found',
  userEmailExists: 'user/email-exists',
  userUidMismatch: 'user/uid-mismatch',
  userOwnRole: 'user/own-role',
  userDeleteSelf: 'user/delete-self',
  userIdentityRejected: 'user/identity-rejected',
  userInviteCodeExists: 'user/:firebaseUid/invite-code-exists',
  userCreditNotFound: 'user-credit/not-found',
  // Credits and promo codes
  creditNotFound: 'credit/not-found',
  creditInUse: 'credit/in-use',
  creditIdMismatch: 'credit/id-mismatch',
  creditTotalImmutable: 'credit/total-immutable',
  promoNotFound: 'promo/not-found',
  promoCodeExists: 'promo/code-exists',
  promoIdMismatch: 'promo/id-mismatch',
  // Providers and invitations
  providerNotFound: 'provider/not-found',
  providerLocations: 'provider/locations',
  inviteInvalid: 'provider/invite/invalid',
  inviteUserExists: 'provider/invite/register/user-exists',
  payoutsBankAccount: 'payouts/bank-account',
  // Payouts: settlement accounts (spec 02 §7)
  settlementAccountNotFound: 'settlement-account/not-found',
  paymentAccountNotFound: 'settlement-account/payment-account-not-found',
  bankTokenInvalid: 'settlement-account/bank-token-invalid',
  returnUrlNotAllowed: 'settlement-account/return-url-not-allowed',
  paymentsUnavailable: 'payments/unavailable',
  // Provider profile: locations, special dates, commissions (spec 02 §7)
  addressRequired: 'location/address-required',
  locationNotFound: 'location/not-found',
  locationInUse: 'location/in-use',
  specialDateNotFound: 'special-date/not-found',
  specialDateItemNotFound: 'special-date/svc-item-not-found',
  specialDateItemExists: 'special-date/svc-item-exists',
  commissionNotFound: 'commission/not-found',
  commissionExists: 'commission/exists',
  // Onboarding: credentials and availability (spec 02 §7)
  credentialsNotFound: 'credentials/not-found',
  availabilityNotFound: 'availability/not-found',
  availabilityExists: 'availability/exists',
  serviceCategoryNotFound: 'service-category/not-found',
  // Service mappings (spec 02 §3, §7: /providers/svc-items, /strategies/fetch/svc-items)
  mappingNotFound: 'mapping/not-found',
  mappingExists: 'mapping/exists',
  /** The provider's strategy has no external service items to map (MANUAL, BOULEVARD). */
  strategyWithoutServiceItems: 'strategy/no-service-items',
  // Scheduling-system connections (spec 02 §7, Strategies)
  /** The outside system refused what the connection gave (wrong credentials, an unknown site). */
  strategyRejected: 'strategy/credentials-rejected',
  /** The outside system does not (yet) know the connection: a Boulevard business without the app installed. */
  strategyNotConnected: 'strategy/not-connected',
  /** The provider has no scheduling system to read (MANUAL, or no saved connection). */
  strategyNoConnection: 'strategy/no-connection',
  /** An OAuth code that is unknown, expired or already exchanged. */
  oauthCodeInvalid: 'strategy/oauth-code-invalid',
  /** The outside system did not answer. */
  strategyUnavailable: 'strategy/unavailable',
  /** Test mode only: a create failed on purpose (the X-Test-Fault header). */
  testFault: 'test/fault',
  // Appointment operations (spec 02 §4, §7)
  appointmentNotFound: 'appointment/not-found',
  /** PUT /appointments/{id} with CANCELLED or LATE_CANCELLED: cancel is DELETE /appointments/{groupId}. */
  appointmentCancelByDelete: 'appointment/cancel-by-delete',
  /** The booking is already cancelled: its status, time and items no longer change. */
  appointmentCancelled: 'appointment/cancelled',
  /** The start overlaps another appointment (booked meanwhile). */
  appointmentSlotTaken: 'appointment/slot-taken',
  /** The start is not an open slot (availability, special date, holiday, earliest booking day). */
  appointmentSlotClosed: 'appointment/slot-closed',
  /** A PROVIDER receipt when the provider has no billing contact email and no provider user. */
  receiptNoAddress: 'receipt/no-address',
  // The admins' inbox
  notificationNotFound: 'notification/not-found',
  // Geo (place search, geocoding, outlines)
  geoPlaceNotFound: 'geo/place-not-found',
  geoOutlineNotFound: 'geo/outline-not-found',
  geoUnavailable: 'geo/unavailable',
  // External admin site hand-over
  /** The one-time code is unknown, expired or was already taken. */
  externalAdminCodeInvalid: 'external-admin/code-invalid',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];

/** The message of `record/stale` (the console shows it with a way to reload and keep one's own input). */
export const RECORD_STALE_MESSAGE = 'This record was changed by someone else since you opened it.';
