import { Alert, Button, Flex } from '@chakra-ui/react';
import { EDITOR_MESSAGES } from '../../domain/shared/messages';

export interface StaleNoticeProps {
  /** The API's message: "This record was changed by someone else since you opened it." */
  message: string;
  /** While the fresh record is being fetched. */
  reloading: boolean;
  onReload(): void;
  onKeepEditing(): void;
}

/**
 * Shown by every record editor after a save was refused because someone else saved the record first. Reload
 * fetches the fresh record and keeps what was typed on top of it; Keep editing goes back to the form as it is.
 */
export function StaleNotice(props: StaleNoticeProps) {
  return (
    <Alert.Root status="warning" role="alert" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>{props.message}</Alert.Title>
        <Flex gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="teal"
            loading={props.reloading}
            loadingText="Reloading"
            onClick={props.onReload}
          >
            {EDITOR_MESSAGES.reload}
          </Button>
          <Button size="sm" variant="outline" disabled={props.reloading} onClick={props.onKeepEditing}>
            {EDITOR_MESSAGES.keepEditing}
          </Button>
        </Flex>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The notice's props from an editor's view (`stale`, `reloading`, `staleMessage`), wired to the shared stale
 * events; null while the editor is not stale.
 */
export function staleNoticeProps(
  view: { stale: boolean; reloading: boolean; staleMessage: string },
  send: (event: { type: 'stale.reload' } | { type: 'stale.dismiss' }) => void,
): StaleNoticeProps | null {
  if (!view.stale) return null;
  return {
    message: view.staleMessage,
    reloading: view.reloading,
    onReload: () => send({ type: 'stale.reload' }),
    onKeepEditing: () => send({ type: 'stale.dismiss' }),
  };
}
