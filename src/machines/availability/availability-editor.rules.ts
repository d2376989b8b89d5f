/**
 * The availability editor's pure work (spec 02 §2, §3, §9): the draft a location's stored availability gives
 * (the categories it offers and one weekly grid), the saves that make the stored rows match the draft, and
 * what each answered save does to the editor.
 *
 * A category is offered when its stored week has a checked slot. The grid shows the first offered category's
 * week (the default week when none is offered) and a save stores it for every ticked category. There is no
 * delete: a category un-ticked is saved with every slot unchecked, so it offers no time.
 */
import type { Availability, AvailabilityInput, AvailabilityUpdate } from '../../api/contract/onboarding';
import { defaultWeek, WEEKDAYS, type WeekSlots } from '../../domain/onboarding/availability';
import { rebaseDraft } from '../shared/record-editor';

export interface AvailabilityCategory {
  id: number;
  name: string;
}

/** A category's row as stored: what a save compares with, and the version its PUT sends. */
export interface StoredAvailability {
  id: number;
  version: number;
  timeslots: WeekSlots;
}

/** What the person edits: the ticked categories and the one weekly grid. */
export interface AvailabilityDraft {
  checked: number[];
  week: WeekSlots;
}

export interface AvailabilityEditorContext {
  locationId: number;
  categories: AvailabilityCategory[];
  /** The stored row per category id. */
  stored: Record<number, StoredAvailability>;
  draft: AvailabilityDraft;
  /** The draft as last read or saved in full (Reload keeps what changed from it). */
  base: AvailabilityDraft;
  /** The server's message when a save was refused (shown above Save). */
  saveError: string | null;
  /** Get Started in the wizard: once everything is saved, the editor ends. */
  finishing: boolean;
}

/** GET /svc-category and GET /availabilities?locationId=, read together. */
export interface LoadedAvailability {
  categories: AvailabilityCategory[];
  availabilities: Availability[];
}

/** One request: POST for a category with no row yet, else PUT with the version read. */
export type SaveAvailabilityInput =
  | { categoryId: number; id: null; body: AvailabilityInput }
  | { categoryId: number; id: number; body: AvailabilityUpdate };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const offersTime = (week: WeekSlots) => WEEKDAYS.some((day) => week[day].some((slot) => slot.checked));

/** The same slots, none of them offered. */
export const closedWeek = (week: WeekSlots): WeekSlots =>
  Object.fromEntries(
    WEEKDAYS.map((day) => [day, week[day].map((slot) => ({ ...slot, checked: false }))]),
  ) as WeekSlots;

/** The stored rows of the listed categories, by category id. */
export function storedOf(loaded: LoadedAvailability): Record<number, StoredAvailability> {
  const known = new Set(loaded.categories.map((category) => category.id));
  return Object.fromEntries(
    loaded.availabilities
      .filter((entry) => known.has(entry.serviceCategoryId))
      .map((entry) => [
        entry.serviceCategoryId,
        { id: entry.id, version: entry.version, timeslots: entry.timeslots as WeekSlots },
      ]),
  );
}

/** The draft the stored rows give: the categories offering time, and the first one's week. */
export function draftOf(
  categories: readonly AvailabilityCategory[],
  stored: Record<number, StoredAvailability>,
): AvailabilityDraft {
  const offered = categories.filter((category) => {
    const row = stored[category.id];
    return row !== undefined && offersTime(row.timeslots);
  });
  const first = offered[0];
  return {
    checked: offered.map((category) => category.id),
    week: first ? (stored[first.id]?.timeslots ?? defaultWeek()) : defaultWeek(),
  };
}

/** A fresh read: the stored rows, the draft they give as both draft and base. */
export function takeLoaded(loaded: LoadedAvailability) {
  const stored = storedOf(loaded);
  const draft = draftOf(loaded.categories, stored);
  return { categories: loaded.categories, stored, draft, base: draft };
}

/** Reload after a stale save: as stored now, with what the person changed on top (nothing typed is lost). */
export function takeReloaded(context: AvailabilityEditorContext, loaded: LoadedAvailability) {
  const fresh = takeLoaded(loaded);
  return { ...fresh, draft: rebaseDraft(context.base, context.draft, fresh.draft), saveError: null };
}

/**
 * The saves that make the stored rows match the draft, in the categories' order: a category ticked with no
 * row (POST) or with a row offering no time, or every ticked category once the grid changed, gets the grid;
 * an un-ticked category still offering time is closed. Categories whose stored weeks differ from the one the
 * grid shows keep theirs until the grid is changed.
 */
export function pendingSaves(context: AvailabilityEditorContext): SaveAvailabilityInput[] {
  const { draft } = context;
  const saves: SaveAvailabilityInput[] = [];
  for (const category of context.categories) {
    const row = context.stored[category.id];
    if (draft.checked.includes(category.id)) {
      if (!row) {
        saves.push({
          categoryId: category.id,
          id: null,
          body: {
            serviceCategory: { id: category.id },
            location: { id: context.locationId },
            timeslots: draft.week,
          },
        });
      } else if (
        !same(row.timeslots, draft.week) &&
        (!offersTime(row.timeslots) || !same(draft.week, context.base.week))
      ) {
        saves.push({
          categoryId: category.id,
          id: row.id,
          body: { timeslots: draft.week, version: row.version },
        });
      }
    } else if (row && offersTime(row.timeslots)) {
      saves.push({
        categoryId: category.id,
        id: row.id,
        body: { timeslots: closedWeek(row.timeslots), version: row.version },
      });
    }
  }
  return saves;
}

/** An answered save: the row as stored now; once nothing is left to save, the draft is the new base. */
export function applySaved(context: AvailabilityEditorContext, saved: Availability) {
  const stored = {
    ...context.stored,
    [saved.serviceCategoryId]: {
      id: saved.id,
      version: saved.version,
      timeslots: saved.timeslots as WeekSlots,
    },
  };
  const done = pendingSaves({ ...context, stored }).length === 0;
  return { stored, base: done ? context.draft : context.base };
}

/** The category a save is for, by name (for its toast). */
export const categoryName = (context: AvailabilityEditorContext, categoryId: number) =>
  context.categories.find((category) => category.id === categoryId)?.name ?? '';
