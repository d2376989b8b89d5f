import { Box, Skeleton, Table, VisuallyHidden } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { UserSummary } from '../../api/contract/user';
import { initials, userLabel } from '../../domain/users/users';
import {
  formatJoined,
  ROLE_LABELS,
  USERS_SORT_COLUMNS,
  USERS_SORT_LABELS,
  type UsersSortColumn,
  type UsersSortDir,
} from '../../domain/users/users-table';
import { formatPhone } from '../../domain/shared/format';
import { CARD_TABLE_CSS, SortControl, SortHeader } from '../kit/CardTable';

export interface UserTableProps {
  /** Rows in this view: the page's length, or every match with "All". */
  rowCount: number;
  /** The row at an index of this view; undefined while it is still being fetched. */
  rowAt(index: number): UserSummary | undefined;
  /** "All": only the rows in view are in the document, the rest are spacers. */
  virtual: boolean;
  /** The position of the first row among all matches (for assistive technology), 1-based. */
  firstRowNumber: number;
  /** Every match, for aria-rowcount. */
  total: number;
  /** A newer result is on its way; the rows shown are the previous ones. */
  refreshing: boolean;
  /** Changes when the rows are a different list (another search): the scroll goes back to the top. */
  listKey: string;
  onVisibleRangeChange?(start: number, end: number): void;
  onOpen(user: UserSummary): void;
  /** The order shown; choosing a sortable column's header asks for another. */
  sort: { sort: UsersSortColumn; dir: UsersSortDir };
  onSort(column: UsersSortColumn): void;
  /** The reader's time zone, for the joined date. */
  timeZone: string;
}

const COLUMNS = 6;

const ROW_HEIGHT = 52;

/**
 * Email, phone and joined have columns from Chakra's md width up; on a phone the row is the initials, the
 * name with the email and phone under it, and the role, so nothing is cut off or scrolls sideways.
 */
const WIDE_ONLY = { display: { base: 'none', md: 'table-cell' } } as const;

/**
 * The rows' look, set once on the table: a row is plain elements with class names, so drawing a page of new
 * rows resolves no styles (the same look as the table's cells, a plain button and a subtle badge).
 */
const ROW_STYLES = {
  '& tbody tr': { bg: 'bg', height: `${ROW_HEIGHT}px` },
  '& tbody tr[data-openable]': { cursor: 'pointer', _hover: { bg: 'gray.50' } },
  // Every cell on the initials' middle line (a row is one line of text beside a round avatar).
  '& tbody td': { textAlign: 'start', verticalAlign: 'middle', px: '2', py: '2', borderBottomWidth: '1px' },
  '& td.user-wide': WIDE_ONLY,
  '& td.user-initials': { w: '14' },
  '& td.user-name': {
    maxW: { md: '64' },
    overflow: { md: 'hidden' },
    textOverflow: { md: 'ellipsis' },
    whiteSpace: { md: 'nowrap' },
    overflowWrap: { base: 'anywhere', md: 'normal' },
  },
  '& td.user-email': { maxW: '72', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& td.user-nowrap': { whiteSpace: 'nowrap' },
  '& .user-avatar': {
    w: '8',
    h: '8',
    rounded: 'full',
    bg: 'teal.100',
    color: 'teal.900',
    fontSize: 'xs',
    fontWeight: 'bold',
    display: 'grid',
    placeItems: 'center',
  },
  '& button.user-open': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'transparent',
    whiteSpace: 'nowrap',
    verticalAlign: 'middle',
    lineHeight: '1.2',
    cursor: 'pointer',
    color: 'teal.800',
    fontWeight: 'medium',
    textDecoration: 'underline',
  },
  '& .user-stacked': { display: { base: 'block', md: 'none' }, fontSize: 'sm', color: 'fg.muted', mt: '0.5' },
  '& .user-role': {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
  },
  '& .user-role[data-palette=gray]': { colorPalette: 'gray' },
  '& .user-role[data-palette=teal]': { colorPalette: 'teal' },
  // On a phone (the kit's card rows): the initials, the name with the email and phone under it, and the role,
  // side by side in a card that fits; the name wraps rather than pushing the role out.
  '@media screen and (max-width: 47.99em)': {
    '& tbody tr': {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      height: 'auto',
      minH: `${ROW_HEIGHT}px`,
    },
    '& tbody td': { width: 'auto', p: '0', borderBottomWidth: '0' },
    '& tbody tr[aria-hidden]': { borderWidth: '0', p: '0', mb: '0', minH: '0' },
    '& tbody td.user-wide': { display: 'none' },
    '& tbody td.user-name': { flex: '1', minW: '0' },
    '& td.user-initials': { flexShrink: '0', w: 'auto' },
    '& button.user-open': { whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' },
  },
} as const;

/** A row is drawn again only when its user, position, handler or zone changes. */
const UserRow = memo(function UserRow({
  user,
  rowIndex,
  onOpen,
  timeZone,
  measure,
  measureIndex,
}: {
  user: UserSummary | undefined;
  rowIndex: number;
  onOpen(user: UserSummary): void;
  timeZone: string;
  /** "All": the virtualiser measures the row (a card on a phone is taller than a table row). */
  measure?: (element: Element | null) => void;
  measureIndex?: number;
}) {
  if (!user) {
    return (
      <tr aria-rowindex={rowIndex} ref={measure} data-index={measureIndex}>
        <td colSpan={COLUMNS}>
          <Skeleton h="4" aria-label="Loading" />
        </td>
      </tr>
    );
  }
  const openable = user.firebaseUid !== null;
  return (
    <tr
      aria-rowindex={rowIndex}
      ref={measure}
      data-index={measureIndex}
      data-openable={openable || undefined}
      onClick={openable ? () => onOpen(user) : undefined}
    >
      <td className="user-initials">
        <span aria-hidden="true" className="user-avatar">
          {initials(user)}
        </span>
      </td>
      <td className="user-name">
        {openable ? (
          <button
            type="button"
            className="user-open"
            onClick={(event) => {
              event.stopPropagation();
              onOpen(user);
            }}
          >
            {userLabel(user)}
          </button>
        ) : (
          <span title="No sign-in account: known from a booking only">{userLabel(user)}</span>
        )}
        {/* On a phone the email and phone read under the name, in full, instead of in their own columns. */}
        <div className="user-stacked">
          <p>{user.email}</p>
          {user.phone && <p>{formatPhone(user.phone)}</p>}
        </div>
      </td>
      <td className="user-wide user-email">{user.email}</td>
      <td className="user-wide user-nowrap">{formatPhone(user.phone)}</td>
      <td>
        <span className="user-role" data-palette={user.role === 'USER' ? 'gray' : 'teal'}>
          {ROLE_LABELS[user.role]}
        </span>
      </td>
      <td className="user-wide user-nowrap">{formatJoined(user.createdAt, timeZone)}</td>
    </tr>
  );
});

const Header = memo(function Header({ sort, onSort }: Pick<UserTableProps, 'sort' | 'onSort'>) {
  const sortable = (column: UsersSortColumn, display?: typeof WIDE_ONLY.display) => (
    <SortHeader
      column={column}
      label={USERS_SORT_LABELS[column]}
      sort={sort}
      onSort={onSort}
      display={display}
    />
  );
  return (
    <Table.Header position="sticky" top="0" zIndex="1" bg="gray.100">
      <Table.Row aria-rowindex={1}>
        <Table.ColumnHeader w="14">
          <VisuallyHidden>Initials</VisuallyHidden>
        </Table.ColumnHeader>
        {sortable('name')}
        {sortable('email', WIDE_ONLY.display)}
        <Table.ColumnHeader {...WIDE_ONLY}>Phone</Table.ColumnHeader>
        <Table.ColumnHeader>Role</Table.ColumnHeader>
        {sortable('joined', WIDE_ONLY.display)}
      </Table.Row>
    </Table.Header>
  );
});

/**
 * The users table: initials, name, email and phone (01 §2), with the role and the joined date; name, email
 * and joined sort (the server orders, so every page follows the same order). A page is rendered whole; "All" renders only
 * the rows in view (plus a few), with spacer rows for the rest, so 10,000 users stay responsive.
 */
export const UserTable = memo(function UserTable(props: UserTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <SortControl
        columns={USERS_SORT_COLUMNS}
        labels={USERS_SORT_LABELS}
        sort={props.sort}
        onSort={props.onSort}
      />
      <Box
        ref={scrollRef}
        bg="white"
        rounded="md"
        borderWidth="1px"
        overflowY={props.virtual ? 'auto' : undefined}
        // Should a row still be too wide, the table scrolls inside its box; the page never scrolls sideways.
        overflowX="auto"
        maxH={props.virtual ? '65vh' : undefined}
        opacity={props.refreshing ? 0.7 : 1}
        transition="opacity 0.1s"
      >
        <Table.Root
          size="sm"
          aria-label="Users"
          aria-rowcount={props.total + 1}
          aria-busy={props.refreshing || undefined}
          css={[CARD_TABLE_CSS, ROW_STYLES]}
        >
          <Header sort={props.sort} onSort={props.onSort} />
          {props.virtual ? (
            <VirtualBody {...props} scrollRef={scrollRef} />
          ) : (
            <Table.Body>
              {Array.from({ length: props.rowCount }, (_, index) => (
                <UserRow
                  key={props.rowAt(index)?.id ?? `loading-${index}`}
                  user={props.rowAt(index)}
                  rowIndex={props.firstRowNumber + index + 1}
                  onOpen={props.onOpen}
                  timeZone={props.timeZone}
                />
              ))}
            </Table.Body>
          )}
        </Table.Root>
      </Box>
    </>
  );
});

function VirtualBody(props: UserTableProps & { scrollRef: RefObject<HTMLDivElement | null> }): ReactNode {
  const { rowCount, onVisibleRangeChange, listKey, scrollRef } = props;
  // The virtualiser's API is not a React value; it is read during render on purpose.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items.at(-1)?.index ?? 0;
  useEffect(() => {
    onVisibleRangeChange?.(start, end);
  }, [start, end, onVisibleRangeChange]);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [listKey, scrollRef]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <Table.Body>
      {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
      {items.map((item) => (
        <UserRow
          key={item.key}
          user={props.rowAt(item.index)}
          rowIndex={props.firstRowNumber + item.index + 1}
          onOpen={props.onOpen}
          timeZone={props.timeZone}
          measure={virtualizer.measureElement}
          measureIndex={item.index}
        />
      ))}
      {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
    </Table.Body>
  );
}
