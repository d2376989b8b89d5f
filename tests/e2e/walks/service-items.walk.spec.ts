/**
 * The service-item editor's walk (serviceItemsMachine, one category's items on /services?category=<id>):
 * every path makes a category of its own over the API, with the items of its variant, and opens it as the
 * demo admin. The real server decides each outcome; nothing is mocked and no fault switch is needed, because
 * each refusal is one the API gives anyway:
 *
 * - a create or an update is refused when the Description title is longer than the API takes (the form
 *   does not limit it; the set-up types 501 characters, and clears them again before a save that must pass);
 * - an update is refused as stale when another admin saved the item first (a PUT over the API with the
 *   version it has), and Reload fails when another admin deleted the item meanwhile;
 * - a delete is refused when the item is in a bundle (made over the API just before);
 * - saving the display order is refused when another admin deleted one of the listed items.
 *
 * Variants, each with a small set of samples so that its paths stay short: 0, drafts (New Service Item,
 * naming, saving, Save order while a draft waits); 1, editing a saved item (save, stale, Reload, Keep
 * editing, Discard changes); 2, deleting and reordering three items (drag, arrow key, Save order).
 */
import type { Locator, Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { ApiRequestError } from '../../../src/api/client';
import { API_ERROR_CODES, RECORD_STALE_MESSAGE } from '../../../src/api/contract/error-codes';
import type { ServiceItem } from '../../../src/api/contract/service-item';
import { formFromItem, formsEqual, orderChanged } from '../../../src/domain/catalogue/catalogue';
import {
  CATALOGUE_MESSAGES,
  EDITOR_MESSAGES,
  SERVICE_ITEM_MESSAGES,
} from '../../../src/domain/shared/messages';
import type { ServiceItemsContext } from '../../../src/machines/catalogue/service-items.context';
import { serviceItemsMachine } from '../../../src/machines/catalogue/service-items.machine';
import { serviceItemsView } from '../../../src/machines/catalogue/service-items.view';
import { isStaleError } from '../../../src/machines/shared/record-editor';
import type { ModelOptions, ModelPath, ModelStep } from '../../support/model';
import { api, expect, tokenOf } from '../fixtures';
import { DEMO } from '../stack';
import { seedSignedIn } from './seed';
import { defineWalk, passThrough, registerWalk, type StepContext } from './walk';

type Options = ModelOptions<typeof serviceItemsMachine>;

/** The item's optional texts, all empty. */
const NO_TEXTS = Object.fromEntries(
  [
    'subCategory',
    'unitsDescriptor',
    'unitsDescriptorIconURL',
    'descriptionTitle',
    'description',
    'termsInfo',
    'prepInfo',
  ].map((field) => [field, null]),
);
const base = {
  ...NO_TEXTS,
  redemptionPoints: 0,
  timeInMins: 30,
  isFinancingEnabled: false,
  priceInCents: 1_000,
  isPricePerUnit: false,
  serviceCategoryId: 7,
  version: 1,
} as Omit<ServiceItem, 'id' | 'name' | 'display_order'>;
/** The model's items: what each path's category is made with over the API (ids stand for the real ones). */
const item = (id: number, name: string, order: number, extra: Partial<ServiceItem> = {}): ServiceItem => ({
  ...base,
  id,
  name,
  display_order: order,
  ...extra,
});
const ALPHA = item(1, 'Alpha', 1);
const BRAVO = item(2, 'Bravo', 2);
const CHARLIE = item(3, 'Charlie', 3);
/** The duration another admin saves meanwhile (the stale branch); Reload shows it. */
const THEIR_MINUTES = 45;
/** Longer than the API takes for a Description title (ITEM_LIMITS.shortTextMaxLength is 500). */
const TOO_LONG = 'x'.repeat(501);

const staleError = new ApiRequestError(409, API_ERROR_CODES.recordStale, RECORD_STALE_MESSAGE, 'version');

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ServiceItemsContext;
const savedOrder = (context: ServiceItemsContext) =>
  new Map(Object.values(context.saved).map((entry) => [entry.id, entry.display_order]));

/**
 * What tells the model's snapshots apart: the state, the rows (draft-1 and the saved ones; further drafts
 * behave like it), whether each passes the rules, its price and errors, a changed order, and the rows a
 * delete or a stale save is about.
 */
const serializeState: Options['serializeState'] = (snapshot) => {
  const context = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    items: context.items
      .filter((entry) => !entry.isNew || entry.key === 'draft-1')
      .map((entry) => [entry.key, entry.form.name, entry.form.price, Object.keys(entry.errors).length]),
    moved: orderChanged(context.items, savedOrder(context)),
    deleteKey: context.deleteKey,
    staleKey: context.staleKey,
  });
};

const input = (items: ServiceItem[]) => ({ categoryId: 7, categoryName: 'Walk Spa', items });

const variants: Options[] = [
  {
    input: input([ALPHA]),
    events: {
      'item.add': [{ type: 'item.add', tab: 'Botox' }],
      'item.change': [{ type: 'item.change', key: 'draft-1', field: 'name', value: 'Lip Flip' }],
      'item.save': [{ type: 'item.save', key: 'draft-1' }],
      'order.save': [{ type: 'order.save' }],
    },
    // The created item as the API answers it: the catalogue defaults, after Alpha.
    outputs: { createItem: [item(100, 'Lip Flip', 2, { priceInCents: 10_000, timeInMins: 10 })] },
    serializeState,
  },
  {
    input: input([ALPHA]),
    events: {
      'item.change': [{ type: 'item.change', key: 'item-1', field: 'price', value: '12.50' }],
      'item.save': [{ type: 'item.save', key: 'item-1' }],
      'item.discard': [{ type: 'item.discard', key: 'item-1' }],
      'stale.reload': [{ type: 'stale.reload' }],
      'stale.dismiss': [{ type: 'stale.dismiss' }],
    },
    outputs: {
      updateItem: [{ ...ALPHA, priceInCents: 1_250, version: 2 }],
      loadItem: [{ ...ALPHA, timeInMins: THEIR_MINUTES, version: 2 }],
    },
    errors: { updateItem: [new Error('refused'), staleError] },
    serializeState,
  },
  {
    input: input([ALPHA, BRAVO, CHARLIE]),
    events: {
      'item.delete': [{ type: 'item.delete', key: 'item-2' }],
      'delete.confirm': [{ type: 'delete.confirm' }],
      'delete.cancel': [{ type: 'delete.cancel' }],
      'item.move': [{ type: 'item.move', key: 'item-2', toIndex: 0 }],
      'item.moveBy': [{ type: 'item.moveBy', key: 'item-1', offset: 1 }],
      'order.save': [{ type: 'order.save' }],
    },
    outputs: {
      deleteItem: [{ id: 2 }],
      // Bravo moved first, as both moves leave it.
      saveOrder: [[{ ...BRAVO, display_order: 1 }, { ...ALPHA, display_order: 2 }, CHARLIE]],
    },
    serializeState,
  },
];

// ---------------------------------------------------------------------------------------------------------
// What the screen can play
// ---------------------------------------------------------------------------------------------------------

const keyOrder = (snapshot: AnyMachineSnapshot) =>
  contextOf(snapshot)
    .items.map((entry) => entry.key)
    .join(',');

function isEdited(context: ServiceItemsContext, key: string): boolean {
  const entry = context.items.find((candidate) => candidate.key === key);
  if (!entry) return false;
  const saved = entry.id === null ? undefined : context.saved[entry.id];
  return saved ? !formsEqual(entry.form, formFromItem(saved)) : entry.isNew;
}

/** The row a call is about, in the snapshot before the call answers. */
function callKey(context: ServiceItemsContext, label: string): string | null {
  if (label.endsWith('loadItem')) return context.staleKey;
  if (label.endsWith('deleteItem')) return context.deleteKey;
  return context.pending?.key ?? null;
}

/**
 * Paths the screen and the API cannot play: a step the screen does not let a person take in that snapshot,
 * a call the API must answer otherwise after what the path arranged before (an item deleted behind the
 * screen, a version made stale), or an answer of the model's that is not what the API returns then.
 */
function unplayable(path: ModelPath): string | false {
  let previous = path.initial;
  /** Rows the API deleted behind the screen (to fail Reload or Save order). */
  const gone = new Set<string>();
  let orderRefused = false;
  /** A stale save not yet reloaded: the screen holds a version the API no longer takes. */
  let staleVersion = false;
  for (const step of path.steps) {
    const context = contextOf(previous);
    const after = step.snapshot;
    const event = step.event as { type: string; key?: string };
    if (step.kind === 'event') {
      if ((event.type === 'item.add' || event.type === 'item.change') && !previous.matches('editing'))
        return 'New Service Item and the fields wait while a request is out, a dialog is open or a stale notice waits';
      if (event.key && !context.items.some((entry) => entry.key === event.key))
        return `the row ${event.key} is not on the screen`;
      if (
        (event.type === 'item.move' || event.type === 'item.moveBy') &&
        keyOrder(previous) === keyOrder(after)
      )
        return 'the screen sends no move for an item already in its place';
      if (event.type === 'item.discard' && !isEdited(context, event.key ?? ''))
        return 'Discard changes is disabled until the item is edited';
      if (
        event.type === 'order.save' &&
        !context.items.some((entry) => entry.isNew) &&
        !orderChanged(context.items, savedOrder(context))
      )
        return 'Save order is disabled while the order is the saved one';
    } else {
      const key = callKey(context, step.label);
      const failed = step.kind === 'error.actor';
      if (key && gone.has(key) && (!failed || isStaleError((step.event as { error?: unknown }).error)))
        return 'an item another admin deleted can be neither saved nor read';
      if (step.label === 'done: updateItem' && staleVersion)
        return 'after a stale save the API refuses the old version until Reload';
      if (step.label === 'error: updateItem' && isStaleError((step.event as { error?: unknown }).error))
        staleVersion = true;
      if (step.label === 'done: loadItem') staleVersion = false;
      if (step.label === 'error: loadItem' && key) gone.add(key);
      if (step.label === 'done: saveOrder' && orderRefused)
        return 'the item another admin deleted is still in the order';
      if (step.label === 'error: saveOrder') orderRefused = true;
      if (
        step.label === 'done: saveOrder' &&
        orderChanged(contextOf(after).items, savedOrder(contextOf(after)))
      )
        return "the model's answer is not the order that was sent";
      if (step.label === 'done: createItem') {
        const draft = context.items.find((entry) => entry.key === context.pending?.key);
        if (draft?.display_order !== 2) return "the model's answer is not the draft's place";
      }
    }
    previous = after;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------
// The screen
// ---------------------------------------------------------------------------------------------------------

interface Data {
  token: string;
  categoryId: number;
  categoryName: string;
  /** Model id → the real item's id. */
  ids: Map<number, number>;
  /** The bundle that holds an item, made to refuse its delete. */
  bundleId: number | null;
  /** Toasts before this index were checked already. */
  toasts: number;
  /** What the API says when it refuses the call the path makes next. */
  refusal: string;
}

const rows = (page: Page) => page.getByTestId('service-item-row');

/** The model's snapshot before step `index` (the screen is in it when the step's executor runs). */
const before = (path: ModelPath, index: number) =>
  index === 0 ? path.initial : (path.steps[index - 1]?.snapshot ?? path.initial);

/** The row of `key` in that snapshot: the screen lists the category's rows in the model's order. */
function rowOf(page: Page, snapshot: AnyMachineSnapshot, key: string): Locator {
  const index = contextOf(snapshot).items.findIndex((entry) => entry.key === key);
  if (index < 0) throw new Error(`no row ${key} in the model`);
  return rows(page).nth(index);
}

/** The row's form, opening its editor first when it is closed (drafts are always open). */
async function formOf(row: Locator): Promise<Locator> {
  const edit = row.getByRole('button', { name: /^Edit / });
  if (await edit.isVisible()) await edit.click();
  const form = row.locator('form');
  await expect(form).toBeVisible();
  return form;
}

/** Types `value`, emptying the field first when it already holds it (so the field reports a change). */
async function type(field: Locator, value: string) {
  if ((await field.inputValue()) === value) await field.fill('');
  await field.fill(value);
}

/** The item a call is about: the key of the save that starts it (step `index - 1`), and its model id. */
function pendingItem({ path, index }: Pick<StepContext<Data>, 'path' | 'index'>) {
  const key = (path.steps[index - 1]?.event as { key?: string } | undefined)?.key;
  if (!key) throw new Error(`step ${index} does not follow a save`);
  const snapshot = before(path, index - 1);
  return { key, snapshot, id: contextOf(snapshot).items.find((entry) => entry.key === key)?.id };
}

/** The row of the item a call is about. */
function pendingRow(context: StepContext<Data>): Locator {
  const { key, snapshot } = pendingItem(context);
  return rowOf(context.page, snapshot, key);
}

/** Another admin's request over the API. */
const admin = <T>(data: Data, method: string, path: string, body?: unknown) =>
  api<T>(data.token, method, path, body);

const realId = (data: Data, modelId: number | null | undefined) => {
  const id = modelId == null ? undefined : data.ids.get(modelId);
  if (id === undefined) throw new Error(`no real item for model id ${modelId}`);
  return id;
};

/** The save must pass: a too-long Description title typed for an earlier refusal goes again. */
async function clearTooLong(context: StepContext<Data>) {
  const title = (await formOf(pendingRow(context))).getByLabel('Description title');
  if ((await title.inputValue()).length > 500) await title.fill('');
}

/** The API refuses the save: a Description title longer than it takes. */
async function typeTooLong(context: StepContext<Data>) {
  await (await formOf(pendingRow(context))).getByLabel('Description title').fill(TOO_LONG);
  context.data.refusal = 'descriptionTitle must be at most 500 characters';
}

/**
 * Every toast title the page shows, in order, kept as it appears: the catalogue's toasts stay one second
 * (TOAST_DURATIONS.serviceItem), often less than a step's other checks take.
 */
function logToasts() {
  const shown: string[] = [];
  (window as unknown as { __walkToasts: string[] }).__walkToasts = shown;
  const logged = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const title of document.querySelectorAll('[data-scope="toast"][data-part="title"]')) {
      if (logged.has(title) || !title.textContent) continue;
      logged.add(title);
      shown.push(title.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** Waits for a toast with this title since the last one a check took, and takes it. */
async function expectToast(page: Page, data: Data, text: string) {
  let found = -1;
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(
          () => (window as unknown as { __walkToasts: string[] }).__walkToasts,
        );
        found = shown.findIndex((title, i) => i >= data.toasts && title === text);
        return found >= 0 ? text : shown.slice(data.toasts);
      },
      { message: `the toast "${text}"` },
    )
    .toEqual(text);
  data.toasts = found + 1;
}

/**
 * The toast the step that led here shows (01 §8 wording), by step and the state it led to; a refusal ends
 * with what the API said (`data.refusal`, set by the outcome's set-up).
 */
const TOASTS: Record<string, (data: Data, target: string) => string | null> = {
  'done: createItem': () => SERVICE_ITEM_MESSAGES.created,
  'error: createItem': (data) => SERVICE_ITEM_MESSAGES.createFailed(data.refusal),
  'done: updateItem': () => SERVICE_ITEM_MESSAGES.saved,
  'error: updateItem': (data, target) =>
    target === 'editing' ? SERVICE_ITEM_MESSAGES.saveFailed(data.refusal) : null,
  'done: deleteItem': () => SERVICE_ITEM_MESSAGES.deleted,
  'error: deleteItem': (data) => CATALOGUE_MESSAGES.itemDeleteFailed(data.refusal),
  'done: saveOrder': () => SERVICE_ITEM_MESSAGES.orderSaved,
  'error: saveOrder': (data) => SERVICE_ITEM_MESSAGES.orderFailed(data.refusal),
  'order.save': (_, target) => (target === 'editing' ? SERVICE_ITEM_MESSAGES.unsavedDrafts : null),
  'error: loadItem': () => EDITOR_MESSAGES.reloadFailed,
};
const toastAfter = (step: ModelStep | undefined, data: Data, target: string) =>
  (step && TOASTS[step.label]?.(data, target)) ?? null;

/** What the list shows of one row: its name (from its reorder handle), badges, errors and open form. */
interface ShownRow {
  name: string;
  badges: string[];
  errors: string[];
  /** Name, price and duration as the open form holds them; null when the row's editor is closed. */
  form: string[] | null;
}

/** The list as the screen shows it, read in one go (the count line, Save order, every row). */
function readList(): { count: string; canSaveOrder: boolean; rows: ShownRow[] } {
  const valueOf = (form: Element, label: string) => {
    const element = [...form.querySelectorAll('label')].find((candidate) =>
      candidate.textContent?.trim().startsWith(label),
    );
    const control = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
    return (control as HTMLInputElement | null)?.value ?? '(none)';
  };
  const saveOrder = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Save order');
  return {
    count: document.querySelector('[data-testid="service-item-count"]')?.textContent ?? '',
    canSaveOrder: saveOrder !== undefined && !saveOrder.disabled,
    rows: [...document.querySelectorAll('[data-testid="service-item-row"]')].map((row) => {
      const form = row.querySelector('form');
      const texts = (selector: string) =>
        [...row.querySelectorAll(selector)].map((element) => element.textContent ?? '');
      return {
        name: (row.querySelector('button[aria-label^="Reorder "]')?.getAttribute('aria-label') ?? '').slice(
          'Reorder '.length,
        ),
        badges: texts('.chakra-badge'),
        errors: texts('[data-part="error-text"]'),
        form: form
          ? ['Name', 'Price (dollars)', 'Duration (minutes)'].map((label) => valueOf(form, label))
          : null,
      };
    }),
  };
}

/** The list as the model's view says: rows in order, the count, the badges, the errors, Save order. */
async function checkList(page: Page, snapshot: AnyMachineSnapshot) {
  const view = serviceItemsView(snapshot as Parameters<typeof serviceItemsView>[0], 'Botox');
  const count = `${view.count} ${view.count === 1 ? 'service item' : 'service items'}`;
  await expect(async () => {
    const shown = await page.evaluate(readList);
    expect(shown).toEqual({
      count: view.drafts > 0 ? `${count} (+${view.drafts} unsaved)` : count,
      canSaveOrder: view.canSaveOrder,
      rows: view.rows.map((row, index): ShownRow => ({
        name: row.form.name.trim() || 'New service item',
        badges: row.isNew ? ['Not saved yet'] : row.edited ? ['Unsaved changes'] : [],
        errors: Object.values(row.errors),
        // Whether an editor is open is the screen's own choice (Edit / Close); what it holds is the model's.
        form: shown.rows[index]?.form ? [row.form.name, row.form.price, row.form.timeInMins] : null,
      })),
    });
  }).toPass({ timeout: 10_000 });
}

let serial = 0;
let adminToken: Promise<string> | null = null;

registerWalk(
  defineWalk<typeof serviceItemsMachine, Data>({
    machine: serviceItemsMachine,
    file: 'tests/e2e/walks/service-items.walk.spec.ts',
    model: variants,
    unplayable,
    start: async (page, _path, _arrange, variant) => {
      adminToken ??= tokenOf(DEMO.admin);
      const token = await adminToken;
      const categoryName = `Walk Spa ${Date.now()}-${++serial}`;
      const category = await api<{ id: number }>(token, 'POST', '/svc-category', { name: categoryName });
      const ids = new Map<number, number>();
      for (const entry of variants[variant]?.input?.items ?? []) {
        const made = await api<{ id: number }>(token, 'POST', '/svc-item', {
          name: entry.name,
          serviceCategoryId: category.id,
          display_order: entry.display_order,
          priceInCents: entry.priceInCents,
          timeInMins: entry.timeInMins,
        });
        ids.set(entry.id, made.id);
      }
      await seedSignedIn(page, DEMO.admin);
      await page.addInitScript(logToasts);
      await page.goto(`/services?category=${category.id}`);
      await expect(page.getByRole('heading', { level: 2, name: categoryName })).toBeVisible();
      return { token, categoryId: category.id, categoryName, ids, bundleId: null, toasts: 0, refusal: '' };
    },
    events: {
      'item.add': async ({ page }) =>
        page.getByRole('button', { name: 'New Service Item', exact: true }).click(),
      'item.change': async ({ page, path, index, event }) => {
        const form = await formOf(rowOf(page, before(path, index), event.key));
        const labels = { name: 'Name', price: 'Price (dollars)' } as Record<string, string>;
        const label = labels[event.field];
        if (!label || typeof event.value !== 'string') throw new Error(`no executor for ${event.field}`);
        await type(form.getByLabel(label), event.value);
      },
      'item.save': async ({ page, path, index, event }) =>
        (await formOf(rowOf(page, before(path, index), event.key)))
          .getByRole('button', { name: 'Save' })
          .click(),
      'item.discard': async ({ page, path, index, event }) => {
        const snapshot = before(path, index);
        const isNew = contextOf(snapshot).items.find((entry) => entry.key === event.key)?.isNew;
        await (
          await formOf(rowOf(page, snapshot, event.key))
        )
          .getByRole('button', { name: isNew ? 'Remove' : 'Discard changes' })
          .click();
      },
      'item.delete': async ({ page, path, index, event }) =>
        (await formOf(rowOf(page, before(path, index), event.key)))
          .getByRole('button', { name: 'Delete' })
          .click(),
      'delete.confirm': async ({ page }) =>
        page
          .getByRole('alertdialog', { name: 'Delete service item?' })
          .getByRole('button', { name: 'Delete' })
          .click(),
      'delete.cancel': async ({ page }) =>
        page
          .getByRole('alertdialog', { name: 'Delete service item?' })
          .getByRole('button', { name: 'Cancel' })
          .click(),
      'item.move': async ({ page, path, index, event }) =>
        rowOf(page, before(path, index), event.key)
          .getByRole('button', { name: /^Reorder / })
          .dragTo(rows(page).nth(event.toIndex)),
      'item.moveBy': async ({ page, path, index, event }) => {
        const handle = rowOf(page, before(path, index), event.key).getByRole('button', { name: /^Reorder / });
        await handle.focus();
        await page.keyboard.press(event.offset < 0 ? 'ArrowUp' : 'ArrowDown');
      },
      'order.save': async ({ page }) => page.getByRole('button', { name: 'Save order' }).click(),
      'stale.reload': async ({ page }) =>
        page.getByRole('alert').getByRole('button', { name: EDITOR_MESSAGES.reload }).click(),
      'stale.dismiss': async ({ page }) =>
        page.getByRole('alert').getByRole('button', { name: EDITOR_MESSAGES.keepEditing }).click(),
    },
    outcomes: {
      createItem: { done: clearTooLong, error: typeTooLong },
      updateItem: {
        done: clearTooLong,
        error: async (context) => {
          if (!isStaleError(context.event.error)) return typeTooLong(context);
          // Another admin saves the item first, with the version the API has now.
          await clearTooLong(context);
          const id = realId(context.data, pendingItem(context).id);
          const items = await admin<ServiceItem[]>(context.data, 'GET', '/svc-item');
          const current = items.find((entry) => entry.id === id);
          if (!current) throw new Error(`item ${id} is missing`);
          await admin(context.data, 'PUT', `/svc-item/${id}`, {
            version: current.version,
            timeInMins: THEIR_MINUTES,
          });
        },
      },
      deleteItem: {
        done: async ({ data }) => {
          if (data.bundleId === null) return;
          await admin(data, 'DELETE', `/bundle/${data.bundleId}`);
          data.bundleId = null;
        },
        // Another admin puts the item in a bundle: the API refuses to delete an item in use.
        error: async ({ data, path, index }) => {
          const context = contextOf(before(path, index));
          const modelId = context.items.find((entry) => entry.key === context.deleteKey)?.id;
          const name = `Walk bundle ${Date.now()}`;
          const bundle = await admin<{ id: number }>(data, 'POST', '/bundle', {
            name,
            serviceCategoryId: data.categoryId,
            serviceItems: [realId(data, modelId)],
          });
          data.bundleId = bundle.id;
          const item = context.items.find((entry) => entry.key === context.deleteKey);
          data.refusal = `"${item?.form.name}" is used by the bundle "${name}"; remove it from there first`;
        },
      },
      saveOrder: {
        done: async () => {},
        // Another admin deletes the last listed item: the API refuses an order naming it.
        error: async ({ data, path, index }) => {
          const saved = contextOf(before(path, index - 1)).items.filter((entry) => entry.id !== null);
          const id = realId(data, saved.at(-1)?.id);
          await admin(data, 'DELETE', `/svc-item/${id}`);
          data.refusal = `No service item with id ${id}`;
        },
      },
      loadItem: {
        done: async () => {},
        // Another admin deletes the item before Reload reads it.
        error: async ({ data, path, index }) => {
          const context = contextOf(before(path, index - 1));
          const modelId = context.items.find((entry) => entry.key === context.staleKey)?.id;
          await admin(data, 'DELETE', `/svc-item/${realId(data, modelId)}`);
        },
      },
    },
    delays: {},
    checks: {
      editing: async ({ page, data, snapshot, step }) => {
        const message = toastAfter(step, data, 'editing');
        if (message) await expectToast(page, data, message);
        await expect(page.getByRole('alertdialog')).toBeHidden();
        await expect(page.getByText(RECORD_STALE_MESSAGE)).toHaveCount(0);
        await checkList(page, snapshot);
      },
      creating: passThrough('the API answers a create within a moment'),
      updating: passThrough('the API answers a save within a moment'),
      deleting: passThrough('the API answers a delete within a moment'),
      savingOrder: passThrough('the API answers the new order within a moment'),
      reloading: passThrough('the API answers the reload within a moment'),
      confirmingDelete: async ({ page, snapshot }) => {
        const context = contextOf(snapshot);
        const name = context.items.find((entry) => entry.key === context.deleteKey)?.form.name ?? '';
        const dialog = page.getByRole('alertdialog', { name: 'Delete service item?' });
        await expect(dialog).toContainText(CATALOGUE_MESSAGES.confirmDeleteItem(name));
      },
      stale: async ({ page, data, snapshot, step }) => {
        const message = toastAfter(step, data, 'stale');
        if (message) await expectToast(page, data, message);
        const context = contextOf(snapshot);
        const form = rowOf(page, snapshot, context.staleKey ?? '').locator('form');
        const notice = form.getByRole('alert').filter({ hasText: RECORD_STALE_MESSAGE });
        await expect(notice.getByRole('button', { name: EDITOR_MESSAGES.reload })).toBeEnabled();
        await expect(notice.getByRole('button', { name: EDITOR_MESSAGES.keepEditing })).toBeEnabled();
        // What was typed stays; nothing else can be sent meanwhile.
        await expect(page.getByRole('button', { name: 'New Service Item', exact: true })).toBeDisabled();
        await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
      },
    },
  }),
);
