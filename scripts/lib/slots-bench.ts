/**
 * The slot computation for a provider with a year of appointments (issue 17), for `npm run bench`.
 * In-process on a fresh in-memory PGlite (migrated, no demo data): one provider open Monday–Saturday
 * 09:00–17:00 with about 2,500 appointments from six months back to six months ahead, then
 *   - the service behind POST /appointments/availability for 7 and 31 days (queries + engine);
 *   - the service behind POST /appointments/availability/explain;
 *   - the engine alone (src/domain/appointments/slots.ts) over the whole year's appointments, 7 days.
 * Reports p50/p95 of each.
 */
import { Temporal } from 'temporal-polyfill';
import { availability, explain } from '../../server/appointments/slots.service';
import { migrate, openDatabase } from '../../server/db/client';
import * as t from '../../server/db/schema';
import type { Scope } from '../../server/http/scope';
import { openSlots } from '../../src/domain/appointments/slots';
import { WEEKDAYS, type Weekday } from '../../src/domain/onboarding/availability';

const ZONE = 'America/Los_Angeles';
const ADMIN: Scope = { kind: 'admin', uid: 'bench' };

export interface SlotsFigure {
  what: string;
  runs: number;
  p50: number;
  p95: number;
}
export interface SlotsReport {
  appointments: number;
  figures: SlotsFigure[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function timed(what: string, runs: number, once: (i: number) => Promise<unknown> | unknown) {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) await once(i); // warm-up
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once(i);
    samples.push(performance.now() - started);
  }
  return { what, runs, p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

function week(): Record<Weekday, Array<{ time: string; checked: boolean }>> {
  const result = {} as Record<Weekday, Array<{ time: string; checked: boolean }>>;
  for (const day of WEEKDAYS) {
    result[day] = [];
    for (let m = 6 * 60; m < 24 * 60; m += 15) {
      const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      result[day].push({ time, checked: day !== 'Sunday' && m >= 9 * 60 && m < 17 * 60 });
    }
  }
  return result;
}

export async function benchSlots(): Promise<SlotsReport> {
  const handle = await openDatabase({ inMemory: true });
  try {
    await migrate(handle);
    const { db } = handle;
    const [category] = await db.insert(t.serviceCategories).values({ name: 'Bench' }).returning();
    const [item] = await db
      .insert(t.serviceItems)
      .values({ name: 'Bench Botox', timeInMins: 45, serviceCategoryId: category!.id })
      .returning();
    const [location] = await db.insert(t.locations).values({ name: 'Bench', timezone: ZONE }).returning();
    const [provider] = await db
      .insert(t.providers)
      .values({ name: 'Bench Provider', locationId: location!.id })
      .returning();
    await db
      .insert(t.availabilities)
      .values({ serviceCategoryId: category!.id, locationId: location!.id, timeslots: week() });
    const [user] = await db.insert(t.users).values({ email: 'bench-customer@upkeep.test' }).returning();

    // About eight 45-minute appointments a working day, at varying times, for a year.
    const today = Temporal.Now.plainDateISO(ZONE);
    const rows: (typeof t.appointments.$inferInsert)[] = [];
    let seed = 17;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let d = -182; d < 183; d += 1) {
      const date = today.add({ days: d });
      if (date.dayOfWeek === 7) continue;
      let minutes = 9 * 60 + Math.floor(random() * 4) * 15;
      while (minutes + 45 <= 17 * 60) {
        const start = date
          .toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 })
          .toZonedDateTime(ZONE)
          .toInstant();
        rows.push({
          groupId: `bench-${d}-${minutes}`,
          startDate: new Date(start.epochMilliseconds),
          endDate: new Date(start.add({ minutes: 45 }).epochMilliseconds),
          userId: user!.id,
          providerId: provider!.id,
          locationId: location!.id,
          serviceItemId: item!.id,
          status: random() < 0.1 ? 'CANCELLED' : 'ACTIVE',
        });
        minutes += 45 + Math.floor(random() * 3) * 15;
      }
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(t.appointments).values(rows.slice(i, i + 500));

    const now = new Date();
    const day = (i: number) => today.add({ days: (i * 37) % 180 }).toString();
    const ask = (days: number) => (i: number) =>
      availability(
        db,
        ADMIN,
        { serviceItemIds: [item!.id], startDate: day(i), days, provider: provider!.id },
        now,
      );
    const figures = [
      await timed('POST /appointments/availability, 7 days (queries + engine)', 200, ask(7)),
      await timed('POST /appointments/availability, 31 days (queries + engine)', 100, ask(31)),
      await timed('POST /appointments/availability/explain (queries + engine)', 200, (i) =>
        explain(
          db,
          ADMIN,
          {
            serviceItemIds: [item!.id],
            provider: provider!.id,
            time: Temporal.PlainDate.from(day(i))
              .toZonedDateTime({ timeZone: ZONE, plainTime: '10:00' })
              .toInstant()
              .toString(),
          },
          now,
        ),
      ),
    ];
    const all = rows
      .filter((row) => row.status !== 'CANCELLED')
      .map((row) => ({
        start: Temporal.Instant.fromEpochMilliseconds((row.startDate as Date).getTime()),
        end: Temporal.Instant.fromEpochMilliseconds((row.endDate as Date).getTime()),
      }));
    const rules = {
      timeZone: ZONE,
      availabilities: [{ name: 'Bench', week: week() }],
      durationMinutes: 45,
      appointments: all,
      closedDays: [],
      availableAfterDays: 0,
      now: Temporal.Instant.fromEpochMilliseconds(now.getTime()),
    };
    figures.push(
      await timed(`Engine alone, 7 days, all ${all.length} appointments of the year given`, 200, (i) =>
        openSlots(rules, Temporal.PlainDate.from(day(i)), 7),
      ),
    );
    return { appointments: rows.length, figures };
  } finally {
    await handle.close();
  }
}

export const SLOTS_HEADING = '## Open slots: a provider with a year of appointments';

export function slotsSection(report: SlotsReport | null, load: string): string {
  if (!report) return `${SLOTS_HEADING}\n\nNot measured in this run.\n`;
  const rows = report.figures
    .map((f) => `| ${f.what} | ${f.runs} | ${f.p50.toFixed(1)} ms | ${f.p95.toFixed(1)} ms |`)
    .join('\n');
  return `${SLOTS_HEADING}

Measured by \`npm run bench\` (\`npm run bench -- --slots-only\` measures this part alone; scripts/lib/slots-bench.ts)
on ${new Date().toISOString().slice(0, 10)}, in-process on an in-memory PGlite: one provider open Monday–Saturday 09:00–17:00
with ${report.appointments.toLocaleString('en-US')} appointments (about 10% cancelled) from six months back to six months ahead,
a 45-minute service. Load average when measured: ${load}.

| What | Runs | p50 | p95 |
| --- | --- | --- | --- |
${rows}

The service reads only the appointments overlapping the asked window (\`appointments_provider_start_idx\`), so
the year's size matters little; the engine looks each candidate start up by binary search over the appointments
sorted by start, so even given the whole year it stays cheap.
`;
}
