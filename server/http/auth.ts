/**
 * Authentication and authorisation per route: `allow('admin')` in front of a handler lets in only callers
 * with a valid Firebase ID token whose `role` claim is listed. Routes without it are public, so every
 * route module must say which it is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ClaimRole } from '../../src/domain/auth/roles';
import { InvalidTokenError, type Identity, type VerifiedToken } from '../identity';
import { API_ERROR_CODES, fail } from './errors';
import type { HonoEnv } from './types';

export type Allow = (...roles: [ClaimRole, ...ClaimRole[]]) => MiddlewareHandler<HonoEnv>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Runs once the caller is known (e.g. the per-account rate limit); a Response refuses the request. */
export type OnAdmitted = (c: Context<HonoEnv>, caller: VerifiedToken) => Promise<Response | undefined>;

/** Runs when a bearer token was rejected (the per-address limit on them); a Response replaces the 401. */
export type OnRejected = (c: Context<HonoEnv>) => Promise<Response | undefined>;

export function createAllow(identity: Identity, onAdmitted?: OnAdmitted, onRejected?: OnRejected): Allow {
  return (...roles) =>
    async function allow(c, next) {
      const header = c.req.header('Authorization');
      const token = header ? BEARER.exec(header)?.[1] : undefined;
      if (!token) {
        return fail(
          c,
          401,
          API_ERROR_CODES.unauthenticated,
          header
            ? 'The Authorization header must be "Bearer <ID token>"'
            : 'Sign in first: no bearer token was sent',
        );
      }
      let caller;
      try {
        caller = await identity.verifyIdToken(token);
      } catch (error) {
        // Only a rejected token is a 401; an identity service outage is a 503 (errors.ts), not "signed out".
        if (!(error instanceof InvalidTokenError)) throw error;
        const limited = await onRejected?.(c);
        if (limited) return limited;
        return fail(
          c,
          401,
          API_ERROR_CODES.unauthenticated,
          `The ID token was rejected (${error.reason}); sign in again`,
        );
      }
      // Known from here on, also when the role is refused: the audit trail records who was refused.
      c.set('caller', caller);
      if (caller.role === undefined || !roles.includes(caller.role)) {
        return fail(
          c,
          403,
          API_ERROR_CODES.forbidden,
          `This needs the role ${roles.join(' or ')}; yours is ${caller.role ?? 'not set'}`,
        );
      }
      const refused = await onAdmitted?.(c, caller);
      if (refused) return refused;
      await next();
    };
}
