import { Button, Stack, Text } from '@chakra-ui/react';
import { AuthCard } from './AuthCard';

export interface SignedInCardProps {
  email: string;
  /** 'an admin' or 'a provider'. */
  roleLabel: string;
  /** The name of the page the person was sent away from (their role may not open it), if any. */
  refused: string | null;
  /** The name of the page "Go to …" opens: their own home, or where they were going. */
  landingName: string;
  onGoToConsole(): void;
  loggingOut: boolean;
  onLogout(): void;
}

/** /login for someone already signed in: who they are, why they are here, and the ways on. */
export function SignedInCard(props: SignedInCardProps) {
  return (
    <AuthCard id="signed-in-heading" title="You Are Signed In">
      <Stack gap="4">
        <Text>
          Signed in as <strong>{props.email}</strong>, {props.roleLabel}.
        </Text>
        {props.refused && (
          <Text role="status" color="orange.700">
            The {props.refused} page is for admins, so your account cannot open it. Sign in with an admin
            account to open it.
          </Text>
        )}
        <Stack direction="row" gap="3" wrap="wrap">
          <Button colorPalette="teal" onClick={props.onGoToConsole}>
            Go to {props.landingName}
          </Button>
          <Button variant="outline" loading={props.loggingOut} onClick={props.onLogout}>
            Log Out
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
