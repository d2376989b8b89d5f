/**
 * The console's configuration, read from `import.meta.env` and validated once at start-up.
 * A missing or bad variable stops the app with a message naming it (see src/main.tsx).
 */
import * as v from 'valibot';

const url = (name: string) =>
  v.pipe(v.string(`${name} is required`), v.url(`${name} must be a URL (got an invalid value)`));

export const ClientEnvSchema = v.object({
  VITE_API_URL: url('VITE_API_URL'),
  VITE_FIREBASE_API_KEY: v.pipe(
    v.string('VITE_FIREBASE_API_KEY is required'),
    v.minLength(1, 'VITE_FIREBASE_API_KEY is required'),
  ),
  VITE_FIREBASE_PROJECT_ID: v.pipe(
    v.string('VITE_FIREBASE_PROJECT_ID is required'),
    v.minLength(1, 'VITE_FIREBASE_PROJECT_ID is required'),
  ),
  VITE_FIREBASE_AUTH_DOMAIN: v.optional(v.string()),
  /** Set to use the Firebase Auth emulator instead of a real project. */
  VITE_FIREBASE_AUTH_EMULATOR_URL: v.optional(url('VITE_FIREBASE_AUTH_EMULATOR_URL')),
  /** Base URL of the external admin site (payouts bank account, provider locations). */
  VITE_EXTERNAL_ADMIN_URL: url('VITE_EXTERNAL_ADMIN_URL'),
  /** A maplibre style URL of a real tile provider; unset, the pricing-tier map uses its offline basemap. */
  VITE_MAP_STYLE_URL: v.optional(url('VITE_MAP_STYLE_URL')),
  /**
   * Where the browser tokenises a bank account (POST /v1/tokens) and with which publishable key: Stripe
   * (https://api.stripe.com, pk_live_… or pk_test_…). Unset: the API's local Stripe stand-in and its test key.
   */
  VITE_STRIPE_API_URL: v.optional(url('VITE_STRIPE_API_URL')),
  VITE_STRIPE_PUBLISHABLE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^pk_(test|live)_\w+$/, 'VITE_STRIPE_PUBLISHABLE_KEY must be pk_test_… or pk_live_…'),
    ),
  ),
  /**
   * Scheduling systems: the Boulevard app-install page, Square's authorisation page and the console's Square
   * application id. Unset: the reference API's local pages (the Boulevard sandbox's install page, the Square
   * stand-in's authorisation page; server/README.md, Scheduling systems and Outside systems: Square).
   */
  VITE_BOULEVARD_INSTALL_URL: v.optional(url('VITE_BOULEVARD_INSTALL_URL')),
  VITE_SQUARE_AUTHORIZE_URL: v.optional(url('VITE_SQUARE_AUTHORIZE_URL')),
  VITE_SQUARE_APPLICATION_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type ClientEnv = v.InferOutput<typeof ClientEnvSchema>;

export type EnvResult = { ok: true; env: ClientEnv } | { ok: false; problems: string[] };

export function parseClientEnv(source: Record<string, unknown>): EnvResult {
  const result = v.safeParse(ClientEnvSchema, source);
  if (result.success) return { ok: true, env: result.output };
  return {
    ok: false,
    problems: result.issues.map((issue) => {
      const key = v.getDotPath(issue) ?? 'environment';
      return issue.message.includes(key) ? issue.message : `${key}: ${issue.message}`;
    }),
  };
}
