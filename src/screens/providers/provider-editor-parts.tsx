import { Alert, Button, Spinner } from '@chakra-ui/react';
import { useBlocker } from '@tanstack/react-router';
import { StaleNotice, staleNoticeProps } from '../../ui/kit/StaleNotice';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import type { ProviderEditor } from './use-provider-editor';

/** Pieces the manage view and the profile share around the provider editor. */
export const UNSAVED_MESSAGE = 'Your changes to this provider are not saved yet. Discard them?';
export const PROVIDER_LOAD_FAILED = 'The provider could not be loaded.';

/**
 * Asks before leaving with unsaved changes, with the console's one unsaved-changes dialog: by a link or Back (TanStack Router's blocker) and by closing the
 * tab. Kept inside the editor screens on purpose: small and self-contained.
 */
export function useUnsavedGuard(editor: ProviderEditor) {
  const block = editor.view.shouldBlockLeaving;
  const blocker = useBlocker({
    shouldBlockFn: () => block,
    enableBeforeUnload: () => block,
    withResolver: true,
  });
  return (
    <UnsavedChangesDialog
      open={blocker.status === 'blocked'}
      message={UNSAVED_MESSAGE}
      onDiscard={() => blocker.proceed?.()}
      onStay={() => blocker.reset?.()}
    />
  );
}

/** Loading and load failure of an editor; null once it is editing. */
export function EditorStatus({ editor }: { editor: ProviderEditor }) {
  if (editor.view.loading) return <Spinner role="status" aria-label="Loading provider" />;
  if (editor.view.loadFailed)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{PROVIDER_LOAD_FAILED}</Alert.Title>
        <Button size="sm" ml="auto" onClick={() => editor.send({ type: 'load.retry' })}>
          Try again
        </Button>
      </Alert.Root>
    );
  return null;
}

export function SaveError({ editor }: { editor: ProviderEditor }) {
  const stale = staleNoticeProps(editor.view, editor.send);
  if (stale) return <StaleNotice {...stale} />;
  const message = editor.view.saveError;
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
