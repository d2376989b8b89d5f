/**
 * The sandbox's service-item catalogues (server/README.md, "Scheduling-system sandboxes"): each strategy's
 * system lists its own names and ids, which the mapping editor maps to ours.
 */
import type { ExternalServiceItem } from '../../src/api/contract/provider-svc-item';

const item = (id: string, name: string, category: string | null): ExternalServiceItem => ({
  id,
  name,
  category,
});

export const SANDBOX_SERVICE_ITEMS: Record<'MINDBODY' | 'BOOKER' | 'SQUARE', readonly ExternalServiceItem[]> =
  {
    MINDBODY: [
      item('mb-1001', 'Signature HydraFacial', 'Facials'),
      item('mb-1002', 'Glycolic Peel', 'Facials'),
      item('mb-1003', 'Dermaplane Facial', 'Facials'),
      item('mb-1004', 'Collagen Induction (Microneedling)', 'Facials'),
      item('mb-2001', 'Botox Cosmetic (per unit)', 'Injectables'),
      item('mb-2002', 'Dysport (per unit)', 'Injectables'),
      item('mb-2003', 'Xeomin (per unit)', 'Injectables'),
      item('mb-2004', 'Juvederm Ultra Syringe', 'Injectables'),
      item('mb-2005', 'Restylane Lyft Syringe', 'Injectables'),
      item('mb-3001', 'Laser Hair Removal - Underarm', 'Laser'),
      item('mb-3002', 'Laser Hair Removal - Full Leg', 'Laser'),
      item('mb-3003', 'Laser Hair Removal - Brazilian', 'Laser'),
      item('mb-3004', 'Laser Hair Removal - Lip', 'Laser'),
      item('mb-4001', 'CoolSculpting Cycle', 'Body'),
      item('mb-4002', 'Emsculpt NEO Session', 'Body'),
      item('mb-4003', 'Lymphatic Massage 60', 'Body'),
      item('mb-5001', 'Glow Package', null),
      item('mb-5002', 'Smooth Skin Package', null),
    ],
    BOOKER: [
      item('bk-501', 'HydraFacial Deluxe', 'Skin'),
      item('bk-502', 'Chemical Peel', 'Skin'),
      item('bk-503', 'Dermaplaning', 'Skin'),
      item('bk-504', 'Microneedling', 'Skin'),
      item('bk-511', 'Botox', 'Injectables'),
      item('bk-512', 'Dysport', 'Injectables'),
      item('bk-513', 'Xeomin', 'Injectables'),
      item('bk-514', 'Juvederm', 'Injectables'),
      item('bk-515', 'Restylane', 'Injectables'),
      item('bk-521', 'Underarm Laser', 'Laser'),
      item('bk-522', 'Full Leg Laser', 'Laser'),
      item('bk-523', 'Brazilian Laser', 'Laser'),
      item('bk-524', 'Upper Lip Laser', 'Laser'),
      item('bk-531', 'CoolSculpting', 'Body'),
      item('bk-532', 'Emsculpt', 'Body'),
      item('bk-533', 'Lymphatic Drainage', 'Body'),
      item('bk-541', 'Glow Up Bundle', 'Packages'),
      item('bk-542', 'Smooth Skin Bundle', 'Packages'),
    ],
    SQUARE: [
      item('SQ-FAC-HYDRA', 'HydraFacial', 'Facials'),
      item('SQ-FAC-PEEL', 'Chemical Peel', 'Facials'),
      item('SQ-FAC-DERMA', 'Dermaplaning', 'Facials'),
      item('SQ-FAC-MICRO', 'Microneedling', 'Facials'),
      item('SQ-INJ-BOTOX', 'Botox', 'Injectables'),
      item('SQ-INJ-DYSPORT', 'Dysport', 'Injectables'),
      item('SQ-INJ-XEOMIN', 'Xeomin', 'Injectables'),
      item('SQ-INJ-JUVEDERM', 'Juvederm', 'Injectables'),
      item('SQ-INJ-RESTYLANE', 'Restylane', 'Injectables'),
      item('SQ-LSR-UNDERARM', 'Laser: Underarms', 'Laser'),
      item('SQ-LSR-LEGS', 'Laser: Full Legs', 'Laser'),
      item('SQ-LSR-BRAZILIAN', 'Laser: Brazilian', 'Laser'),
      item('SQ-LSR-LIP', 'Laser: Upper Lip', 'Laser'),
      item('SQ-BODY-COOL', 'CoolSculpting', 'Body'),
      item('SQ-BODY-EMS', 'Emsculpt', 'Body'),
      item('SQ-BODY-LYMPH', 'Lymphatic Drainage Massage', 'Body'),
      item('SQ-BUN-GLOW', 'Glow Up Facial Bundle', 'Bundles'),
    ],
  };
