/**
 * The sandbox's service-item catalogues (server/README.md, "Scheduling-system sandboxes"): each strategy's
 * system lists its own names and ids, which the mapping editor maps to ours. The rows are data, in
 * sandbox-catalogue.json: one list per system, each item its id, name and category (null: none). Boulevard's
 * ids are URNs; most of its services carry our names, a few the business's own, and one we lack.
 */
import type { ExternalServiceItem } from '../../src/api/contract/provider-svc-item';
import catalogues from './sandbox-catalogue.json' with { type: 'json' };

export const SANDBOX_SERVICE_ITEMS: Record<
  'MINDBODY' | 'BOOKER' | 'SQUARE' | 'BOULEVARD',
  readonly ExternalServiceItem[]
> = catalogues;
