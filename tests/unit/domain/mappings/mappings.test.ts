import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  externalName,
  MAPPING_SECTIONS,
  mappingTargetBody,
  parseTargetKey,
  rowIsComplete,
  rowsFromMappings,
  sectionOfTarget,
  sectionOptions,
  targetKey,
  type MappingCatalogue,
} from '../../../../src/domain/mappings/mappings';
import { stepTwoTitle, strategyMapsServiceItems } from '../../../../src/domain/onboarding/strategies';

const catalogue: MappingCatalogue = {
  categories: [
    { name: 'Facials', serviceItems: [{ id: 1, name: 'HydraFacial' }] },
    { name: 'Injectables', serviceItems: [{ id: 2, name: 'Botox' }] },
    { name: 'Massage', serviceItems: [{ id: 9, name: 'Deep Tissue' }] },
  ],
  bundles: [{ id: 4, name: 'Glow Up Facial Bundle' }],
};

describe('service mapping rules', () => {
  it('shows the five sections of the spec, in order', () => {
    expect(MAPPING_SECTIONS).toEqual([
      'Facials',
      'Injectables',
      'Laser (Hair Removal)',
      'Body Contour',
      'Bundles',
    ]);
  });

  it("offers a section's category items, or every bundle; none for a category that does not exist", () => {
    expect(sectionOptions(catalogue, 'Facials')).toEqual([
      { target: { kind: 'item', id: 1 }, name: 'HydraFacial' },
    ]);
    expect(sectionOptions(catalogue, 'Bundles')).toEqual([
      { target: { kind: 'bundle', id: 4 }, name: 'Glow Up Facial Bundle' },
    ]);
    expect(sectionOptions(catalogue, 'Body Contour')).toEqual([]);
  });

  it('puts saved mappings in their sections and leaves out items of other categories', () => {
    const rows = rowsFromMappings(catalogue, [
      { id: 10, externalId: 'a', serviceItemId: 2, bundleId: null, version: 3 },
      { id: 11, externalId: 'b', serviceItemId: null, bundleId: 4, version: 1 },
      { id: 12, externalId: 'c', serviceItemId: 9, bundleId: null, version: 1 },
    ]);
    expect(rows).toEqual([
      {
        key: 'saved-10',
        id: 10,
        version: 3,
        section: 'Injectables',
        externalId: 'a',
        target: { kind: 'item', id: 2 },
        dirty: false,
      },
      {
        key: 'saved-11',
        id: 11,
        version: 1,
        section: 'Bundles',
        externalId: 'b',
        target: { kind: 'bundle', id: 4 },
        dirty: false,
      },
    ]);
    expect(sectionOfTarget(catalogue, { kind: 'item', id: 9 })).toBeNull();
  });

  it('a target key round-trips; anything else reads as no target', () => {
    fc.assert(
      fc.property(fc.constantFrom('item' as const, 'bundle' as const), fc.integer({ min: 1 }), (kind, id) => {
        expect(parseTargetKey(targetKey({ kind, id }))).toEqual({ kind, id });
      }),
    );
    expect(parseTargetKey('')).toBeNull();
    expect(parseTargetKey('item:x')).toBeNull();
    expect(targetKey(null)).toBe('');
  });

  it('a row is complete with an external item and a target; the body names one of item or bundle', () => {
    expect(rowIsComplete({ externalId: '', target: { kind: 'item', id: 1 } })).toBe(false);
    expect(rowIsComplete({ externalId: 'a', target: null })).toBe(false);
    expect(rowIsComplete({ externalId: 'a', target: { kind: 'item', id: 1 } })).toBe(true);
    expect(mappingTargetBody({ kind: 'item', id: 1 })).toEqual({ serviceItemId: 1, bundleId: null });
    expect(mappingTargetBody({ kind: 'bundle', id: 4 })).toEqual({ serviceItemId: null, bundleId: 4 });
    expect(externalName([{ id: 'a', name: 'Botox' }], 'a')).toBe('Botox');
    expect(externalName([], 'gone-1')).toBe('gone-1');
  });

  it('step 2 maps service items for MINDBODY, BOOKER and SQUARE, with their title', () => {
    expect(
      ['MANUAL', 'MINDBODY', 'BOOKER', 'BOULEVARD', 'SQUARE'].filter((s) =>
        strategyMapsServiceItems(s as never),
      ),
    ).toEqual(['MINDBODY', 'BOOKER', 'SQUARE']);
    expect(stepTwoTitle('SQUARE')).toBe('Assign Square service items to Upkeep service items');
    expect(stepTwoTitle('BOULEVARD')).toBe('Select supported Upkeep service items');
  });
});
