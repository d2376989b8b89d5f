import { Box, Button, Card, Field, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { FormEvent } from 'react';

export interface SignInFormProps {
  email: string;
  password: string;
  busy: boolean;
  failure: string | null;
  notice: string | null;
  onEmailChange(value: string): void;
  onPasswordChange(value: string): void;
  onSubmit(): void;
}

/** The Sign In form (01 §2): email, password, a Reset password link and a welcome caption. */
export function SignInForm(props: SignInFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <Box as="main" minH="100vh" display="grid" placeItems="center" bg="gray.50" px="4">
      <Card.Root as="section" maxW="sm" w="full" aria-labelledby="sign-in-heading">
        <Card.Header>
          <Heading as="h1" id="sign-in-heading" size="xl">
            Sign In
          </Heading>
          <Text color="gray.600">Welcome back to Upkeep. Sign in to manage your marketplace.</Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={submit} noValidate>
            <Stack gap="4">
              {props.notice && (
                <Text role="status" color="orange.700">
                  {props.notice}
                </Text>
              )}
              <Field.Root>
                <Field.Label>Email</Field.Label>
                <Input
                  name="email"
                  type="email"
                  autoComplete="username"
                  value={props.email}
                  onChange={(e) => props.onEmailChange(e.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Password</Field.Label>
                <Input
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={props.password}
                  onChange={(e) => props.onPasswordChange(e.target.value)}
                />
              </Field.Root>
              {props.failure && (
                <Text role="alert" color="red.700" fontSize="sm">
                  {props.failure}
                </Text>
              )}
              <Button type="submit" colorPalette="teal" loading={props.busy} loadingText="Signing in">
                Sign In
              </Button>
              <Link asChild color="teal.700" fontSize="sm" alignSelf="flex-start">
                <RouterLink to="/reset-password">Reset password</RouterLink>
              </Link>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
