import { Box, Flex, Image, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, type ChangeEvent } from 'react';

export interface ImageUploadFieldProps {
  label: string;
  /** Where the current image can be shown; null when there is none. */
  previewSrc: string | null;
  busy: boolean;
  /** Why the last file was not uploaded. */
  error: string | null;
  onFile(file: File): void;
}

/** The types POST /upload accepts; the server checks the bytes either way. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

/** An image field: choose a file, it is uploaded at once and its preview shown. */
export function ImageUploadField({ label, previewSrc, busy, error, onFile }: ImageUploadFieldProps) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the value lets the same file be chosen again after a failure.
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <Flex align="center" gap="3" wrap="wrap">
        <Box
          boxSize="12"
          borderWidth="1px"
          rounded="md"
          bg="gray.50"
          display="flex"
          alignItems="center"
          justifyContent="center"
          flexShrink={0}
        >
          {busy ? (
            <Spinner role="status" size="sm" aria-label="Uploading" />
          ) : previewSrc ? (
            <Image src={previewSrc} alt={`${label} preview`} boxSize="11" objectFit="contain" />
          ) : (
            <Text fontSize="xs" color="gray.600">
              None
            </Text>
          )}
        </Box>
        <chakra.input
          id={id}
          type="file"
          accept={ACCEPT}
          onChange={choose}
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          fontSize="sm"
          maxW="full"
          css={{
            '&::file-selector-button': {
              marginRight: '0.75rem',
              padding: '0.25rem 0.75rem',
              borderRadius: '0.375rem',
              border: '1px solid',
              borderColor: 'var(--chakra-colors-gray-300)',
              background: 'white',
              cursor: 'pointer',
            },
          }}
        />
      </Flex>
      <Text id={`${id}-hint`} fontSize="xs" color="gray.600">
        PNG, JPEG, GIF, WebP or AVIF, up to 5 MB.
      </Text>
      {error && (
        <Text id={`${id}-error`} role="alert" fontSize="sm" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}
