/**
 * A record opened from a list knows its neighbours in that list (issue 31: "Records in a list get
 * previous/next"): where it sits among all the list's matches and which record comes before and after it on
 * the page that holds it. Crossing to the page before or after is the caller's, by `edge`.
 */
export interface RecordPlace<Id = number> {
  /** 1-based, among all the list's matches. */
  position: number;
  total: number;
  /** The record before it on this page, or 'page' when it is the page's first and a page comes before. */
  previous: Id | 'page' | null;
  /** The record after it on this page, or 'page' when it is the page's last and a page comes after. */
  next: Id | 'page' | null;
}

export function recordPlace<Id extends number | string>(
  ids: readonly Id[],
  id: Id,
  page: { number: number; size: number; total: number },
): RecordPlace<Id> | null {
  const index = ids.indexOf(id);
  // Not on the page (opened from elsewhere), or alone in the list: nothing to browse.
  if (index < 0 || page.total < 2) return null;
  const position = (page.number - 1) * page.size + index + 1;
  const previous = index > 0 ? ids[index - 1]! : page.number > 1 ? 'page' : null;
  const next = index < ids.length - 1 ? ids[index + 1]! : position < page.total ? 'page' : null;
  return { position, total: page.total, previous, next };
}
