import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { PromoCode } from '../../api/contract/promo';
import { formatDollars } from '../../domain/shared/money';

export interface PromoPickerProps {
  promos: readonly PromoCode[];
  loading: boolean;
  failure: string | null;
  chosenId: number | null;
  onChoose(id: number): void;
  onRetry(): void;
}

/** Promo codes listed by code, to pick one (01 §2). */
export function PromoPicker({ promos, loading, failure, chosenId, onChoose, onRetry }: PromoPickerProps) {
  if (loading) {
    return (
      <Stack aria-busy="true" aria-label="Loading promo codes">
        <Skeleton h="12" />
        <Skeleton h="12" />
      </Stack>
    );
  }
  if (failure) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{failure}</Alert.Title>
        <Button size="sm" ml="auto" onClick={onRetry}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (promos.length === 0) return <Text>No promo codes yet.</Text>;
  return (
    <Stack as="ul" listStyleType="none" gap="1" aria-label="Promo codes">
      {promos.map((promo) => {
        const chosen = promo.id === chosenId;
        return (
          <li key={promo.id}>
            <Button
              w="full"
              justifyContent="space-between"
              variant={chosen ? 'solid' : 'outline'}
              colorPalette="teal"
              bg={chosen ? undefined : 'white'}
              aria-current={chosen ? 'true' : undefined}
              onClick={() => onChoose(promo.id)}
            >
              <Text as="span" fontFamily="mono" truncate>
                {promo.code}
              </Text>
              <Text as="span" fontWeight="normal">
                {formatDollars(promo.amountInCents)}
              </Text>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
