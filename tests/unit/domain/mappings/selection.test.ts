import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  rowIsUnsaved,
  type MappingCatalogue,
  type MappingRow,
} from '../../../../src/domain/mappings/mappings';
import {
  comparableName,
  matchingExternalId,
  selectionSections,
} from '../../../../src/domain/mappings/selection';
import { strategySelectsServiceItems } from '../../../../src/domain/onboarding/strategies';

const catalogue: MappingCatalogue = {
  categories: [
    {
      name: 'Facials',
      serviceItems: [
        { id: 1, name: 'HydraFacial' },
        { id: 2, name: 'Chemical Peel' },
      ],
    },
    { name: 'Injectables', serviceItems: [{ id: 3, name: 'Botox' }] },
    { name: 'Massage', serviceItems: [{ id: 9, name: 'Deep Tissue' }] },
  ],
  bundles: [{ id: 4, name: 'Glow Up Facial Bundle' }],
};
const boulevard = [
  { id: 'urn:1', name: 'HydraFacial' },
  { id: 'urn:2', name: 'glow-up facial BUNDLE' },
  { id: 'urn:3', name: 'Botox' },
  { id: 'urn:4', name: 'BOTOX' },
  { id: 'urn:5', name: 'Microneedling with PRP' },
];
const row = (over: Partial<MappingRow>): MappingRow => ({
  key: 'saved-1',
  id: 1,
  version: 1,
  section: 'Facials',
  externalId: 'urn:1',
  target: { kind: 'item', id: 1 },
  dirty: false,
  ...over,
});

describe('the mapping editor as a selection (BOULEVARD)', () => {
  it('only BOULEVARD selects its service items', () => {
    expect(
      ['MANUAL', 'MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE'].filter((s) =>
        strategySelectsServiceItems(s as never),
      ),
    ).toEqual(['BOULEVARD']);
  });

  it('a new selection starts with the only external service of the same name, else none', () => {
    expect(matchingExternalId(boulevard, 'HydraFacial')).toBe('urn:1');
    // Case, spaces and punctuation aside.
    expect(matchingExternalId(boulevard, 'Glow Up Facial Bundle')).toBe('urn:2');
    // Two of the same name: the person chooses.
    expect(matchingExternalId(boulevard, 'Botox')).toBe('');
    expect(matchingExternalId(boulevard, 'Microneedling')).toBe('');
    expect(matchingExternalId([], 'HydraFacial')).toBe('');
  });

  it('names compare equal whatever their case and punctuation', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }), (name) => {
        expect(comparableName(name.toUpperCase())).toBe(comparableName(name.toLowerCase()));
        expect(comparableName(` ${name.replace(/\s/g, '-')}! `)).toBe(comparableName(name));
      }),
    );
  });

  it("lists every item and bundle of the editor's sections, each with the row that selects it", () => {
    const facial = row({});
    const bundle = row({ key: 'new-1', id: null, section: 'Bundles', target: { kind: 'bundle', id: 4 } });
    const twin = row({ key: 'saved-2', id: 2 });
    const sections = selectionSections(catalogue, [
      facial,
      bundle,
      twin,
      row({ key: 'new-2', target: null }),
    ]);
    expect(sections.map((entry) => entry.section)).toEqual([
      'Facials',
      'Injectables',
      'Laser (Hair Removal)',
      'Body Contour',
      'Bundles',
    ]);
    expect(sections[0]?.options).toEqual([
      { target: { kind: 'item', id: 1 }, name: 'HydraFacial', row: facial },
      { target: { kind: 'item', id: 2 }, name: 'Chemical Peel', row: null },
    ]);
    expect(sections[1]?.options).toEqual([{ target: { kind: 'item', id: 3 }, name: 'Botox', row: null }]);
    expect(sections[2]?.options).toEqual([]);
    expect(sections[4]?.options).toEqual([
      { target: { kind: 'bundle', id: 4 }, name: 'Glow Up Facial Bundle', row: bundle },
    ]);
  });

  it('a row is unsaved until saved, and again once changed', () => {
    expect(rowIsUnsaved(row({}))).toBe(false);
    expect(rowIsUnsaved(row({ id: null }))).toBe(true);
    expect(rowIsUnsaved(row({ dirty: true }))).toBe(true);
  });
});
