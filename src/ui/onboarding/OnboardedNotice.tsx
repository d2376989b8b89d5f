import { Alert, Button, Flex } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/**
 * The onboarding start screen's word to a provider already onboarded: which provider(s), where to manage
 * them, and that the choice below onboards another business.
 */
export function OnboardedNotice({ line, several }: { line: string; several: boolean }) {
  return (
    <Alert.Root
      as="section"
      aria-label="Onboarded"
      status="success"
      alignItems="center"
      flexWrap="wrap"
      gap="3"
      mb="5"
    >
      <Alert.Indicator />
      <Alert.Content flex="1" minW="48">
        <Alert.Title>{line}</Alert.Title>
        <Alert.Description>
          {several ? 'Manage them' : 'Manage it'} from your Overview and My Profile. To onboard another
          business, choose how it connects its scheduling below.
        </Alert.Description>
      </Alert.Content>
      <Flex gap="2" wrap="wrap">
        <Button asChild size="sm" colorPalette="teal">
          <Link to="/provider/overview">Go to Overview</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="/provider/profile">Open My Profile</Link>
        </Button>
      </Flex>
    </Alert.Root>
  );
}
