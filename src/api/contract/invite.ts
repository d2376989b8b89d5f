/**
 * Provider invitations (01 §2, §7): checking an invite, registering with it, and creating one (admin).
 * Shared by the client (parsing responses) and the API (validating requests).
 */
import * as v from 'valibot';
import { idField } from './primitives';
import { PASSWORD_MIN_LENGTH } from '../../domain/shared/constants';

export const INVITE_ERROR_CODES = {
  /** Unknown, expired, already used, or for another email: the page shows one message for all. */
  invalid: 'provider/invite/invalid',
  userExists: 'provider/invite/register/user-exists',
  providerNotFound: 'provider/not-found',
} as const;

const email = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.nonEmpty(`${field} is required`),
    v.maxLength(320, `${field} must be at most 320 characters`),
    v.email(`${field} must be an email address`),
  );

export const InviteProviderSchema = v.object({ id: v.number(), name: v.string() });
export type InviteProvider = v.InferOutput<typeof InviteProviderSchema>;

/** GET /provider/invite/{code}?email= — the invite is usable; these are its providers. */
export const InviteCheckSchema = v.object({
  email: v.string(),
  providers: v.array(InviteProviderSchema),
  expiresAt: v.string(),
});
export type InviteCheck = v.InferOutput<typeof InviteCheckSchema>;

/** The query of GET /provider/invite/{code}: exactly one email. */
export const InviteCheckQuerySchema = v.object(
  {
    email: v.pipe(
      v.array(v.string(), 'email is required'),
      v.length(1, 'email must be given once'),
      v.transform((values) => values[0] ?? ''),
      email('email'),
    ),
  },
  'email is required',
);

/** POST /provider/invite/user */
export const RegisterInputSchema = v.object(
  {
    email: email('email'),
    password: v.pipe(
      v.string('password is required'),
      v.minLength(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`),
      v.maxLength(4096, 'password must be at most 4096 characters'),
    ),
    code: v.pipe(
      v.string('code is required'),
      v.trim(),
      v.nonEmpty('code is required'),
      v.maxLength(200, 'code must be at most 200 characters'),
    ),
  },
  (issue) => `${String(issue.expected).replaceAll('"', '')} is required`,
);
export type RegisterInput = v.InferInput<typeof RegisterInputSchema>;

export const RegisterResultSchema = v.object({ providers: v.array(InviteProviderSchema) });
export type RegisterResult = v.InferOutput<typeof RegisterResultSchema>;

/** POST /provider/invite (admin) */
export const CreateInviteInputSchema = v.object(
  {
    email: email('email'),
    providerIdArray: v.pipe(
      v.array(
        idField('providerIdArray', 'providerIdArray must hold provider ids'),
        'providerIdArray must be a list of provider ids',
      ),
      v.minLength(1, 'providerIdArray must name at least one provider'),
      v.maxLength(100, 'providerIdArray may name at most 100 providers'),
      v.transform((ids) => [...new Set(ids)]),
    ),
  },
  (issue) => `${String(issue.expected).replaceAll('"', '')} is required`,
);
export type CreateInviteInput = v.InferInput<typeof CreateInviteInputSchema>;

export const CreatedInviteSchema = v.object({
  code: v.string(),
  email: v.string(),
  providers: v.array(InviteProviderSchema),
  expiresAt: v.string(),
  /** The console path of the registration page, /provider/invite/{code}?email=… */
  invitePath: v.string(),
  /** `logged`: no mail service is configured, so the API logged the link instead of mailing it. */
  delivery: v.picklist(['logged', 'mailed']),
});
export type CreatedInvite = v.InferOutput<typeof CreatedInviteSchema>;
