import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryTabs,
  formFromItem,
  formsEqual,
  itemsInTab,
  moveByOffset,
  moveWithinGroup,
  newItemForm,
  nextDisplayOrder,
  orderChanged,
  parseTab,
  positionInGroup,
  readItemForm,
  reorderGroup,
  sortByDisplayOrder,
  subCategoryForNewItem,
  subCategoryGroup,
  type ServiceItemForm,
  type ServiceItemValues,
} from '../../../src/domain/catalogue/catalogue';
import { CATALOGUE_MESSAGES } from '../../../src/domain/shared/messages';

describe('subCategoryGroup', () => {
  it.each([
    ['Botox', 'Botox'],
    ['botox', 'Botox'],
    ['  BOTOX ', 'Botox'],
    ['Filler', 'Fillers'],
    ['Fillers', 'Fillers'],
    ['fillers ', 'Fillers'],
    ['', 'Other'],
    [null, 'Other'],
    [undefined, 'Other'],
    ['Skin boosters', 'Other'],
    ['Botox Fillers', 'Other'],
  ])('%j → %s', (value, group) => {
    expect(subCategoryGroup(value)).toBe(group);
  });
});

describe('Injectables tabs', () => {
  const items = [
    { name: 'Botox', subCategory: 'Botox' },
    { name: 'Dysport', subCategory: 'botox' },
    { name: 'Juvederm', subCategory: 'Fillers' },
    { name: 'Restylane', subCategory: 'Filler' },
  ];

  it('Botox and Fillers for Injectables, Other only when an item has none, nothing elsewhere', () => {
    expect(categoryTabs('Injectables', items)).toEqual(['Botox', 'Fillers']);
    const withOther: { name: string; subCategory: string | null }[] = [
      ...items,
      { name: 'Kybella', subCategory: null },
    ];
    expect(categoryTabs(' injectables ', withOther)).toEqual(['Botox', 'Fillers', 'Other']);
    expect(categoryTabs('Facials', items)).toEqual([]);
  });

  it('filters by tab, counting Filler and Fillers together, and shows everything without tabs', () => {
    const names = (list: { name: string }[]) => list.map((item) => item.name);
    expect(names(itemsInTab('Injectables', items, 'Botox'))).toEqual(['Botox', 'Dysport']);
    expect(names(itemsInTab('Injectables', items, 'Fillers'))).toEqual(['Juvederm', 'Restylane']);
    expect(itemsInTab('Injectables', items, 'Other')).toEqual([]);
    expect(itemsInTab('Facials', items, 'Botox')).toEqual(items);
  });

  it('every item of Injectables is under exactly one tab that the category shows', () => {
    const subCategory = fc.oneof(
      fc.constantFrom('Botox', 'Filler', 'Fillers', 'botox', '', null),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ subCategory }), { maxLength: 12 }), (list) => {
        const tabs = categoryTabs('Injectables', list);
        const counts = tabs.map((tab) => itemsInTab('Injectables', list, tab).length);
        expect(counts.reduce((sum, n) => sum + n, 0)).toBe(list.length);
      }),
    );
  });

  it('reads the tab from the URL, falling back to Botox', () => {
    expect(parseTab('Fillers')).toBe('Fillers');
    expect(parseTab('Other')).toBe('Other');
    expect(parseTab('Botox')).toBe('Botox');
    expect(parseTab('nonsense')).toBe('Botox');
    expect(parseTab(undefined)).toBe('Botox');
  });

  it('a new item starts under the tab it was added from', () => {
    expect(subCategoryForNewItem('Injectables', 'Botox')).toBe('Botox');
    expect(subCategoryForNewItem('Injectables', 'Fillers')).toBe('Fillers');
    expect(subCategoryForNewItem('Injectables', 'Other')).toBe('');
    expect(subCategoryForNewItem('Facials', 'Fillers')).toBe('');
  });

  it('reorders within the tab in Injectables and within the whole category elsewhere', () => {
    expect(reorderGroup('Injectables', 'Filler')).toBe('Fillers');
    expect(reorderGroup('Injectables', null)).toBe('Other');
    expect(reorderGroup('Facials', 'Botox')).toBe('all');
  });
});

describe('nextDisplayOrder', () => {
  const of = (...orders: (number | null)[]) => orders.map((display_order) => ({ display_order }));
  it.each([
    [of(), 1],
    [of(1, 2, 3), 4],
    [of(3, 1, 2), 4],
    [of(null, null), null],
    [of(1, null, 3), null],
    // Gaps left by deletions: one past the highest rather than a tie with it.
    [of(1, 2, 5), 6],
  ])('%j → %j', (items, expected) => {
    expect(nextDisplayOrder(items)).toBe(expected);
  });

  it('is the list length plus one for a contiguous list, and comes after every existing order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (n) => {
        expect(nextDisplayOrder(of(...Array.from({ length: n }, (_, i) => i + 1)))).toBe(n + 1);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 20 }), (orders) => {
        const next = nextDisplayOrder(of(...orders));
        expect(next).not.toBeNull();
        for (const order of orders) expect(next as number).toBeGreaterThan(order);
      }),
    );
  });
});

describe('sortByDisplayOrder', () => {
  it('orders by display_order, nulls last, keeping the given order of ties', () => {
    const items = [
      { key: 'a', display_order: null },
      { key: 'b', display_order: 2 },
      { key: 'c', display_order: 1 },
      { key: 'd', display_order: 2 },
      { key: 'e', display_order: null },
    ];
    expect(sortByDisplayOrder(items).map((item) => item.key)).toEqual(['c', 'b', 'd', 'a', 'e']);
  });
});

interface Row {
  key: string;
  display_order: number | null;
  group: string;
}
const groupOf = (row: Row) => row.group;
const rows = (spec: string): Row[] =>
  // "B1 B2 F3" → keys B1, B2, F3 in groups B, B, F with orders 1..n
  spec.split(' ').map((key, index) => ({ key, display_order: index + 1, group: key[0] ?? '' }));
const keys = (list: Row[]) => list.map((row) => row.key).join(' ');

describe('moveWithinGroup', () => {
  it.each([
    // Down: the items between shift up by one.
    ['B1 B2 B3 B4', 'B1', 2, 'B2 B3 B1 B4'],
    // Up: the items between shift down by one.
    ['B1 B2 B3 B4', 'B4', 0, 'B4 B1 B2 B3'],
    // Other sub-categories keep their places; only the same group shifts.
    ['B1 F1 B2 F2 B3', 'B1', 2, 'B2 F1 B3 F2 B1'],
    ['B1 F1 B2 F2 B3', 'F2', 0, 'B1 F2 B2 F1 B3'],
    // Out of range targets are clamped; unknown keys and no-op moves change nothing.
    ['B1 B2 B3', 'B1', 99, 'B2 B3 B1'],
    ['B1 B2 B3', 'B3', -4, 'B3 B1 B2'],
    ['B1 B2 B3', 'X1', 0, 'B1 B2 B3'],
    ['B1 B2 B3', 'B2', 1, 'B1 B2 B3'],
  ])('%s: move %s to %i → %s', (spec, key, to, expected) => {
    const result = moveWithinGroup(rows(spec), key, to, groupOf);
    expect(keys(result)).toBe(expected);
    expect(result.map((row) => row.display_order)).toEqual(result.map((_, index) => index + 1));
  });

  it('orders a category that was never ordered', () => {
    const unordered = rows('A1 A2 A3').map((row) => ({ ...row, display_order: null }));
    const result = moveWithinGroup(unordered, 'A3', 0, groupOf);
    expect(keys(result)).toBe('A3 A1 A2');
    expect(result.map((row) => row.display_order)).toEqual([1, 2, 3]);
  });

  const category = fc.array(fc.constantFrom('B', 'F', 'O'), { minLength: 1, maxLength: 12 }).chain((groups) =>
    fc.record({
      items: fc.constant(
        groups.map((group, index): Row => ({ key: `${group}${index}`, display_order: index + 1, group })),
      ),
      pick: fc.nat(groups.length - 1),
      to: fc.integer({ min: -2, max: 14 }),
    }),
  );

  it('keeps the set of items and a contiguous order 1..n', () => {
    fc.assert(
      fc.property(category, ({ items, pick, to }) => {
        const key = items[pick]?.key as string;
        const result = moveWithinGroup(items, key, to, groupOf);
        expect([...result.map((row) => row.key)].sort()).toEqual([...items.map((row) => row.key)].sort());
        expect(result.map((row) => row.display_order)).toEqual(result.map((_, index) => index + 1));
      }),
    );
  });

  it('moves only items of the moved group, puts the item where asked and keeps the others in order', () => {
    fc.assert(
      fc.property(category, ({ items, pick, to }) => {
        const moved = items[pick] as Row;
        const result = moveWithinGroup(items, moved.key, to, groupOf);
        result.forEach((row, index) => {
          if (row.group !== moved.group) expect(row.key).toBe(items[index]?.key);
          else expect(items[index]?.group).toBe(moved.group);
        });
        const before = items.filter((row) => row.group === moved.group);
        const after = result.filter((row) => row.group === moved.group);
        const target = Math.max(0, Math.min(before.length - 1, to));
        expect(after[target]?.key).toBe(moved.key);
        expect(after.filter((row) => row !== moved && row.key !== moved.key).map((row) => row.key)).toEqual(
          before.filter((row) => row.key !== moved.key).map((row) => row.key),
        );
      }),
    );
  });

  it('moving back returns to the same order', () => {
    fc.assert(
      fc.property(category, ({ items, pick, to }) => {
        const moved = items[pick] as Row;
        const from = items.filter((row) => row.group === moved.group).indexOf(moved);
        const there = moveWithinGroup(items, moved.key, to, groupOf);
        const back = moveWithinGroup(there, moved.key, from, groupOf);
        expect(keys(back)).toBe(keys(items));
      }),
    );
  });
});

describe('moveByOffset and positionInGroup', () => {
  it('moves one place up or down within the group and stops at the ends', () => {
    const items = rows('B1 F1 B2 B3');
    expect(keys(moveByOffset(items, 'B2', -1, groupOf))).toBe('B2 F1 B1 B3');
    expect(keys(moveByOffset(items, 'B2', 1, groupOf))).toBe('B1 F1 B3 B2');
    expect(keys(moveByOffset(items, 'B1', -1, groupOf))).toBe('B1 F1 B2 B3');
    expect(keys(moveByOffset(items, 'B3', 1, groupOf))).toBe('B1 F1 B2 B3');
    expect(keys(moveByOffset(items, 'nope', 1, groupOf))).toBe('B1 F1 B2 B3');
  });

  it('reports the place within the group', () => {
    const items = rows('B1 F1 B2 B3');
    expect(positionInGroup(items, 'B2', groupOf)).toEqual({ position: 2, of: 3 });
    expect(positionInGroup(items, 'F1', groupOf)).toEqual({ position: 1, of: 1 });
    expect(positionInGroup(items, 'nope', groupOf)).toBeNull();
  });
});

describe('orderChanged', () => {
  const saved = new Map<number, number | null>([
    [1, 1],
    [2, 2],
    [3, null],
  ]);
  it('compares saved items only; drafts (no id) never count', () => {
    expect(
      orderChanged(
        [
          { id: 1, display_order: 1 },
          { id: 2, display_order: 2 },
          { id: 3, display_order: null },
          { id: null, display_order: 9 },
        ],
        saved,
      ),
    ).toBe(false);
    expect(
      orderChanged(
        [
          { id: 2, display_order: 1 },
          { id: 1, display_order: 2 },
        ],
        saved,
      ),
    ).toBe(true);
    expect(orderChanged([{ id: 3, display_order: 3 }], saved)).toBe(true);
  });
});

const values: ServiceItemValues = {
  name: 'Botox',
  subCategory: 'Botox',
  unitsDescriptor: 'units',
  unitsDescriptorIconURL: '/uploads/units.png',
  descriptionTitle: 'Smooth fine lines',
  description: 'Line one\nLine two',
  redemptionPoints: 14,
  timeInMins: 30,
  termsInfo: 'Terms',
  prepInfo: 'Prep',
  isFinancingEnabled: true,
  priceInCents: 1400,
  isPricePerUnit: true,
};

describe('the service item form', () => {
  it('shows money in dollars with two decimals and numbers as text', () => {
    expect(formFromItem(values)).toMatchObject({ price: '14.00', timeInMins: '30', redemptionPoints: '14' });
    expect(formFromItem({ ...values, termsInfo: null, subCategory: null }).termsInfo).toBe('');
  });

  it('starts a new item with the catalogue defaults: $100.00, 10 minutes, not per unit', () => {
    expect(newItemForm()).toMatchObject({
      name: '',
      price: '100.00',
      timeInMins: '10',
      isPricePerUnit: false,
      subCategory: '',
    });
    expect(newItemForm('Fillers').subCategory).toBe('Fillers');
  });

  it('on update: empty redemptionPoints becomes 0, empty termsInfo, prepInfo and subCategory become empty text', () => {
    const form: ServiceItemForm = {
      ...formFromItem(values),
      redemptionPoints: '',
      termsInfo: '',
      prepInfo: '  ',
      subCategory: '',
      description: '',
      unitsDescriptor: ' ',
    };
    const update = readItemForm(form, 'update');
    expect(update).toEqual({
      ok: true,
      values: {
        ...values,
        redemptionPoints: 0,
        termsInfo: '',
        prepInfo: '',
        subCategory: '',
        description: null,
        unitsDescriptor: null,
      },
    });
    const create = readItemForm(form, 'create');
    expect(create.ok && create.values).toMatchObject({ termsInfo: null, prepInfo: null, subCategory: null });
  });

  it.each<[Partial<ServiceItemForm>, Partial<Record<keyof ServiceItemForm, string>>]>([
    [{ name: '  ' }, { name: CATALOGUE_MESSAGES.itemNameRequired }],
    [{ price: 'abc' }, { price: CATALOGUE_MESSAGES.itemPriceInvalid }],
    [{ price: '-1.00' }, { price: CATALOGUE_MESSAGES.itemPriceInvalid }],
    [{ price: '1.005' }, { price: CATALOGUE_MESSAGES.itemPriceInvalid }],
    [{ price: '1000000.01' }, { price: CATALOGUE_MESSAGES.itemPriceInvalid }],
    [{ timeInMins: '0' }, { timeInMins: CATALOGUE_MESSAGES.itemMinutesInvalid }],
    [{ timeInMins: '1.5' }, { timeInMins: CATALOGUE_MESSAGES.itemMinutesInvalid }],
    [{ timeInMins: '' }, { timeInMins: CATALOGUE_MESSAGES.itemMinutesInvalid }],
    [{ timeInMins: '1441' }, { timeInMins: CATALOGUE_MESSAGES.itemMinutesInvalid }],
    [{ redemptionPoints: '-3' }, { redemptionPoints: CATALOGUE_MESSAGES.itemPointsInvalid }],
    [
      { name: '', price: '' },
      { name: CATALOGUE_MESSAGES.itemNameRequired, price: CATALOGUE_MESSAGES.itemPriceInvalid },
    ],
  ])('rejects %j with errors per field', (change, errors) => {
    for (const mode of ['create', 'update'] as const) {
      expect(readItemForm({ ...formFromItem(values), ...change }, mode)).toEqual({ ok: false, errors });
    }
  });

  it.each([
    ['19.99', 1999],
    ['$5', 500],
    ['0', 0],
    ['1,234.5', 123450],
  ])('reads the price %j as %i cents', (price, cents) => {
    const result = readItemForm({ ...formFromItem(values), price }, 'update');
    expect(result.ok && result.values.priceInCents).toBe(cents);
  });

  const text = fc.option(
    fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
    { nil: null },
  );
  const arbitraryValues = fc.record({
    name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
    subCategory: text,
    unitsDescriptor: text,
    unitsDescriptorIconURL: text,
    descriptionTitle: text,
    description: text,
    redemptionPoints: fc.integer({ min: 0, max: 1_000_000 }),
    timeInMins: fc.integer({ min: 1, max: 1440 }),
    termsInfo: text,
    prepInfo: text,
    isFinancingEnabled: fc.boolean(),
    priceInCents: fc.integer({ min: 0, max: 100_000_000 }),
    isPricePerUnit: fc.boolean(),
  });

  it('reads back every item it shows (create keeps nulls; update sends the three texts as empty)', () => {
    fc.assert(
      fc.property(arbitraryValues, (item) => {
        const form = formFromItem(item);
        expect(formsEqual(form, formFromItem(item))).toBe(true);
        expect(readItemForm(form, 'create')).toEqual({ ok: true, values: item });
        expect(readItemForm(form, 'update')).toEqual({
          ok: true,
          values: {
            ...item,
            subCategory: item.subCategory ?? '',
            termsInfo: item.termsInfo ?? '',
            prepInfo: item.prepInfo ?? '',
          },
        });
      }),
    );
  });
});
