import { Button, Field, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { USERS_PAGE_SIZES } from '../../domain/shared/constants';
import { formatCount } from '../../domain/shared/format';

export type UserPageSize = (typeof USERS_PAGE_SIZES)[number];

export interface UserPaginationProps {
  page: number;
  pageSize: UserPageSize;
  total: number;
  /** More match than `total` (the API stops counting past the page): shown as "more than". */
  totalCapped?: boolean;
  onPageChange(page: number): void;
  onPageSizeChange(size: UserPageSize): void;
}

/** Rows per page (5, 10, 25 or All; 01 §9) and previous/next, with where the page is among all matches. */
export const UserPagination = memo(function UserPagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  onPageChange,
  onPageSizeChange,
}: UserPaginationProps) {
  const sizeId = useId();
  const pages = pageSize === 'All' ? 1 : Math.max(1, Math.ceil(total / pageSize));
  const first = pageSize === 'All' ? 1 : (page - 1) * pageSize + 1;
  const last = pageSize === 'All' ? total : Math.min(total, page * pageSize);
  const more = totalCapped ? 'more than ' : '';
  const summary =
    total === 0
      ? 'No users'
      : pageSize === 'All'
        ? totalCapped
          ? `More than ${formatCount(total)} users`
          : `All ${formatCount(total)} users`
        : `${formatCount(first)}–${formatCount(last)} of ${more}${formatCount(total)}`;
  return (
    <Flex as="nav" aria-label="Users pages" gap="4" align="center" justify="space-between" wrap="wrap" mt="4">
      <Field.Root orientation="horizontal" w="auto" gap="2">
        <Field.Label htmlFor={sizeId} whiteSpace="nowrap" mb="0">
          Rows per page
        </Field.Label>
        <NativeSelect.Root size="sm" w="24">
          <NativeSelect.Field
            id={sizeId}
            bg="white"
            value={String(pageSize)}
            onChange={(event) => {
              const value = event.target.value;
              onPageSizeChange(value === 'All' ? 'All' : (Number(value) as UserPageSize));
            }}
          >
            {USERS_PAGE_SIZES.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Text aria-live="polite" fontSize="sm">
        {summary}
      </Text>
      {pageSize !== 'All' && (
        <Flex gap="2" align="center">
          <Button
            size="sm"
            variant="outline"
            bg="white"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </Button>
          <Text fontSize="sm">
            Page {formatCount(Math.min(page, pages))} of {more}
            {formatCount(pages)}
          </Text>
          <Button
            size="sm"
            variant="outline"
            bg="white"
            disabled={page >= pages && !totalCapped}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </Flex>
      )}
    </Flex>
  );
});
