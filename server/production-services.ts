/**
 * Production's start-up check of the outside services (server/main.ts, server/serve.ts), apart from the
 * environment's parsing in env.ts.
 */
import { EnvError, type Env, type Source } from './env';
import {
  BOOKER_STANDIN_CLIENT_ID,
  BOOKER_STANDIN_CLIENT_SECRET,
  BOOKER_STANDIN_SUBSCRIPTION_KEY,
} from './outside/booker/wire';
import { BOULEVARD_STANDIN_API_KEY, BOULEVARD_STANDIN_API_SECRET } from './outside/boulevard/wire';
import { GEO_STANDIN_API_KEY } from './outside/geo/wire';
import { MINDBODY_STANDIN_API_KEY } from './outside/mindbody/wire';
import { SQUARE_STANDIN_APPLICATION_ID, SQUARE_STANDIN_APPLICATION_SECRET } from './outside/square/wire';
import { STRIPE_STANDIN_SECRET_KEY } from './outside/stripe/wire';

type KeyName =
  | 'STRIPE_SECRET_KEY'
  | 'MINDBODY_API_KEY'
  | 'BOULEVARD_API_KEY'
  | 'BOULEVARD_API_SECRET'
  | 'SQUARE_APPLICATION_ID'
  | 'SQUARE_APPLICATION_SECRET'
  | 'BOOKER_CLIENT_ID'
  | 'BOOKER_CLIENT_SECRET'
  | 'BOOKER_SUBSCRIPTION_KEY'
  | 'GEO_API_KEY';

/** Each outside system's base URLs and keys production must be given, in the order a refusal names them. */
const VENDORS: readonly {
  vendor: string;
  url: 'MINDBODY_API_URL' | 'BOULEVARD_API_URL' | 'SQUARE_API_URL' | 'BOOKER_API_URL';
  keys: readonly (readonly [KeyName, string])[];
}[] = [
  { vendor: 'MINDBODY', url: 'MINDBODY_API_URL', keys: [['MINDBODY_API_KEY', MINDBODY_STANDIN_API_KEY]] },
  {
    vendor: 'Boulevard',
    url: 'BOULEVARD_API_URL',
    keys: [
      ['BOULEVARD_API_KEY', BOULEVARD_STANDIN_API_KEY],
      ['BOULEVARD_API_SECRET', BOULEVARD_STANDIN_API_SECRET],
    ],
  },
  {
    vendor: 'Square',
    url: 'SQUARE_API_URL',
    keys: [
      ['SQUARE_APPLICATION_ID', SQUARE_STANDIN_APPLICATION_ID],
      ['SQUARE_APPLICATION_SECRET', SQUARE_STANDIN_APPLICATION_SECRET],
    ],
  },
  {
    vendor: 'Booker',
    url: 'BOOKER_API_URL',
    keys: [
      ['BOOKER_CLIENT_ID', BOOKER_STANDIN_CLIENT_ID],
      ['BOOKER_CLIENT_SECRET', BOOKER_STANDIN_CLIENT_SECRET],
      ['BOOKER_SUBSCRIPTION_KEY', BOOKER_STANDIN_SUBSCRIPTION_KEY],
    ],
  },
];

/**
 * A key production needs: unset (or empty), or still the stand-in's built-in default (which the env's
 * parsing puts in its place when unset), named without repeating any value.
 */
function keyProblem(env: Env, source: Source, name: KeyName, standin: string, vendor: string): string | null {
  if (!source[name]?.trim()) return `${name} is not set (${vendor} would be sent the local stand-in's key)`;
  if (env[name] === standin) return `${name} is still the local stand-in's built-in default`;
  return null;
}

/**
 * Production's start-up check (server/main.ts, server/serve.ts): the console origins said explicitly (no
 * localhost default), and the real outside services, their URLs and keys, unless DEMO_SANDBOXES=true says this
 * is a demo on the local sandboxes. Throws an EnvError listing everything missing; other modes pass.
 */
export function assertProductionServices(env: Env, source: Source = process.env): void {
  if (env.APP_ENV !== 'production') return;
  const problems: string[] = [];
  if (!source.CORS_ORIGINS?.trim())
    problems.push('CORS_ORIGINS must list the console origins (production has no localhost default)');
  if (!env.DEMO_SANDBOXES) {
    const key = (name: KeyName, standin: string, vendor: string) => {
      const problem = keyProblem(env, source, name, standin, vendor);
      if (problem) problems.push(problem);
    };
    if (!source.STRIPE_API_URL?.trim())
      problems.push('STRIPE_API_URL is not set (payments would go to the local Stripe stand-in)');
    key('STRIPE_SECRET_KEY', STRIPE_STANDIN_SECRET_KEY, 'Stripe');
    if (env.SCHEDULING_SYSTEMS !== 'live')
      problems.push('SCHEDULING_SYSTEMS is not live (the scheduling systems would be the local sandboxes)');
    for (const { vendor, url, keys } of VENDORS) {
      if (!env[url])
        problems.push(`${url} is not set (${vendor} would be asked at its local stand-in, not mounted here)`);
      for (const [name, standin] of keys) key(name, standin, vendor);
    }
    for (const name of ['GEO_PLACES_URL', 'GEO_GEOCODE_URL', 'GEO_OUTLINE_URL'] as const) {
      if (!env[name])
        problems.push(`${name} is not set (maps would ask the local stand-ins, not mounted here)`);
    }
    key('GEO_API_KEY', GEO_STANDIN_API_KEY, 'the map services');
  }
  if (problems.length > 0) {
    throw new EnvError(
      `Refusing to start in production: ${problems.join('; ')}.` +
        (env.DEMO_SANDBOXES ? '' : ' For a demo on the local sandboxes set DEMO_SANDBOXES=true.'),
    );
  }
}
