import { Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';

export interface ConnectionSummaryProps {
  /** What the saved connection holds, as the person reads it (secrets only as their masked hint). */
  rows: ReadonlyArray<{ label: string; value: string }>;
  /** Shown instead of the rows when nothing is saved. */
  empty: string;
  /** The one action (Change business ID, Reconnect), or null. */
  action: { label: string; disabled: boolean; onClick(): void } | null;
}

/** A saved connection at a glance, with the action that changes it. */
export function ConnectionSummary({ rows, empty, action }: ConnectionSummaryProps) {
  return (
    <Stack gap="3" align="flex-start">
      {rows.length === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1">
          {rows.map((row) => (
            <Flex key={row.label} display="contents">
              <chakra.dt fontWeight="medium">{row.label}</chakra.dt>
              <chakra.dd wordBreak="break-all">{row.value}</chakra.dd>
            </Flex>
          ))}
        </chakra.dl>
      )}
      {action ? (
        <Button variant="outline" onClick={action.onClick} disabled={action.disabled}>
          {action.label}
        </Button>
      ) : null}
    </Stack>
  );
}
