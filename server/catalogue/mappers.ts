/** Row mappers and wording shared by the catalogue's repositories (categories, items, bundles). */
import type { ServiceItem } from '../../src/api/contract/service-item';
import type { serviceItems } from '../db/schema';

type ItemRow = typeof serviceItems.$inferSelect;

export function toServiceItem({ displayOrder, createdAt: _createdAt, ...row }: ItemRow): ServiceItem {
  return { ...row, display_order: displayOrder };
}

/** "a", "a and b", "a, b and c". */
export function listing(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
