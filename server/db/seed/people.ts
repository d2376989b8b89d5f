/** Seeds users (the demo identities and customers), their provider links, credits and the waitlist. */
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../schema';
import * as data from './data';
import { idOf, type Rows } from './rows';

export const ROLE_COLUMN = { admin: 'ADMIN', provider: 'PROVIDER', user: 'USER' } as const;
const DAY_MS = 86_400_000;

export async function seedPeople(
  rows: Rows,
  providerIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<Map<string, number>> {
  const { tx } = rows;
  const people = [
    ...data.DEMO_IDENTITIES.map(({ email, displayName, role, providers }) => ({
      email,
      displayName,
      role: ROLE_COLUMN[role],
      providers,
      // Set by seedIdentities once the sign-in account exists.
      firebaseUid: null,
    })),
    ...data.CUSTOMERS.map((customer) => ({
      ...customer,
      role: 'USER' as const,
      providers: [] as string[],
      // Placeholders so every user can be addressed by uid; these people have no sign-in account.
      firebaseUid: `seed-${customer.email.split('@')[0]?.replaceAll('.', '-')}`,
    })),
  ];

  const users = new Map<string, number>();
  for (const { providers, ...person } of people) {
    const [firstName, lastName] = person.displayName.split(' ');
    const userId = await rows.ensure(t.users, sql`lower(${t.users.email}) = ${person.email.toLowerCase()}`, {
      ...person,
      firstName,
      lastName,
    });
    users.set(person.email, userId);
    for (const provider of providers) {
      await tx
        .insert(t.userProviders)
        .values({ userId, providerId: idOf(providerIds, provider) })
        .onConflictDoNothing();
    }
  }

  const credits = new Map<string, number>();
  for (const credit of data.CREDITS) {
    const creditId = await rows.ensure(t.credits, eq(t.credits.title, credit.title), credit);
    credits.set(credit.title, creditId);
  }
  for (const grant of data.USER_CREDITS) {
    const userId = idOf(users, grant.email);
    const creditId = idOf(credits, grant.credit);
    await rows.ensure(
      t.userCredits,
      and(eq(t.userCredits.userId, userId), eq(t.userCredits.creditId, creditId)),
      { userId, creditId, spentInCents: grant.spentInCents },
    );
  }

  for (const lead of data.LEADS) {
    await rows.ensure(t.leads, eq(t.leads.email, lead.email), {
      email: lead.email,
      name: lead.name,
      createdAt: new Date(now.getTime() - lead.daysAgo * DAY_MS),
    });
  }
  return users;
}
