import type { RecordPlace } from '../../domain/shared/record-pager';
import type { RecordPagerProps } from '../../ui/kit/RecordPager';

/**
 * A record's place as the pager's props: a neighbour on the page opens at once; across a page's edge the
 * page that way is read first (`readPage`, the list's own page query), then its nearest record opens.
 */
export function pagerOf<Id>(
  place: RecordPlace<Id>,
  page: number,
  open: (id: Id, page: number) => void,
  readPage: (page: number) => Promise<readonly Id[]>,
): Omit<RecordPagerProps, 'noun'> {
  const go = (to: Id | 'page' | null, by: -1 | 1) => {
    if (to === null) return null;
    if (to !== 'page') return () => open(to, page);
    return () => {
      void readPage(page + by)
        .then((ids) => {
          const target = by === 1 ? ids[0] : ids.at(-1);
          if (target !== undefined) open(target, page + by);
        })
        .catch(() => undefined);
    };
  };
  return {
    position: place.position,
    total: place.total,
    onPrevious: go(place.previous, -1),
    onNext: go(place.next, 1),
  };
}
