import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Credit } from '../../api/contract/credit';
import { USER_MESSAGES } from '../../domain/shared/messages';
import { formatDollars } from '../../domain/shared/money';

export interface CreditPickerProps {
  credits: readonly Credit[];
  loading: boolean;
  failed: boolean;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** The credit list to pick one from (01 §2). */
export function CreditPicker({ credits, loading, failed, chosenId, onChoose, onRetry }: CreditPickerProps) {
  if (loading) {
    return (
      <Stack aria-busy="true" aria-label="Loading credits">
        <Skeleton h="12" />
        <Skeleton h="12" />
      </Stack>
    );
  }
  if (failed) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{USER_MESSAGES.creditsFailed}</Alert.Title>
        <Button size="sm" ml="auto" onClick={onRetry}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (credits.length === 0) return <Text>No credits yet.</Text>;
  return (
    <Stack as="ul" listStyleType="none" gap="1" aria-label="Credits">
      {credits.map((credit) => {
        const chosen = credit.id === chosenId;
        return (
          <li key={credit.id}>
            <Button
              w="full"
              h="auto"
              py="2"
              justifyContent="space-between"
              variant={chosen ? 'solid' : 'outline'}
              colorPalette="teal"
              bg={chosen ? undefined : 'white'}
              aria-current={chosen ? 'true' : undefined}
              onClick={() => onChoose(credit.id)}
            >
              <Text as="span" truncate>
                {credit.title}
              </Text>
              <Text as="span" fontWeight="normal">
                {formatDollars(credit.totalInCents)}
              </Text>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
