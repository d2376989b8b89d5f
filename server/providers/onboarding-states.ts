/**
 * A provider's onboarding states as SQL conditions over `providers` and its location (`locations`, joined on
 * providers.location_id), shared by GET /overview (how many are in each) and GET /providers?onboarding= (which):
 *   - started: the provider exists;
 *   - connected: MANUAL (books in Upkeep), its scheduling system's credentials are saved, or BOOKER with its
 *     Booker business chosen (no credentials of its own);
 *   - mapped: its location has a service mapping, or a category with a time slot offered (spec 02 §2 step 2);
 *   - payoutsReady: its location's settlement account counts as connected (the checklist's payments item,
 *     02 §4: charges and payouts enabled, or only the tolerated requirements outstanding);
 *   - live: all of these.
 */
import { sql, type SQL } from 'drizzle-orm';
import { TOLERATED_REQUIREMENTS } from '../../src/domain/dashboard/checklist';
import type { OnboardingState } from '../../src/domain/overview/onboarding-states';
import { availabilities, locations, providers, providerServiceItems, settlementAccounts } from '../db/schema';

const tolerated = sql.join(
  [...TOLERATED_REQUIREMENTS].map((name) => sql`${name}`),
  sql`, `,
);

/** BOOKER connects through the platform's partner account (02 §2): its Booker business id is the connection. */
const connected = sql`(${providers.strategy} = 'MANUAL' or ${providers.credentialsId} is not null
  or (${providers.strategy} = 'BOOKER' and ${providers.externalId} is not null))`;

const mapped = sql`(exists (select 1 from ${providerServiceItems} where ${providerServiceItems.locationId} = ${providers.locationId})
  or exists (select 1 from ${availabilities} where ${availabilities.locationId} = ${providers.locationId}
    and jsonb_path_exists(${availabilities.timeslots}, '$.*[*] ? (@.checked == true)')))`;

const payoutsReady = sql`exists (select 1 from ${settlementAccounts}
  where ${settlementAccounts.id} = ${locations.settlementAccountId}
    and ((${settlementAccounts.chargesEnabled} and ${settlementAccounts.payoutsEnabled})
      or (jsonb_array_length(${settlementAccounts.currentlyDue}) > 0
        and not exists (select 1 from jsonb_array_elements_text(${settlementAccounts.currentlyDue}) as due(name)
          where due.name not in (${tolerated})))))`;

export const ONBOARDING_CONDITIONS: Readonly<Record<OnboardingState, SQL>> = {
  started: sql`true`,
  connected,
  mapped,
  payoutsReady,
  live: sql`(${connected} and ${mapped} and ${payoutsReady})`,
};
