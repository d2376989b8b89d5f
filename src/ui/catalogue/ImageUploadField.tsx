import { Box, Button, Flex, Image, Spinner, Stack, Text, chakra } from '@chakra-ui/react';
import { useId, useRef, type ChangeEvent } from 'react';

export interface ImageUploadFieldProps {
  label: string;
  /** Where the current image can be shown; null when there is none. */
  previewSrc: string | null;
  busy: boolean;
  /** Why the last file was not uploaded. */
  error: string | null;
  /** The name of the file being uploaded, while one is. */
  uploadingName: string | null;
  /** The name of the file the current image was uploaded from here; null for an image saved before. */
  fileName: string | null;
  /** A line under the file's name (e.g. that the image still has to be saved). */
  note?: string | null;
  /** Marked as required, like the other required fields of its form. */
  required?: boolean;
  /** The id of the field's section, for links that lead to it (`#cover`). */
  sectionId?: string;
  onFile(file: File): void;
}

/** The types POST /upload accepts; the server checks the bytes either way. */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

/** What the field says of its image: uploading, the file uploaded, an image saved before, or none. */
export function imageStateText(
  props: Pick<ImageUploadFieldProps, 'busy' | 'uploadingName' | 'fileName' | 'previewSrc'>,
) {
  if (props.busy) return `Uploading ${props.uploadingName ?? 'image'}…`;
  if (props.previewSrc && props.fileName) return props.fileName;
  if (props.previewSrc) return 'Current image';
  return 'No image chosen';
}

/**
 * An image field: its preview, the state of its image (the file's name once uploaded) and a button, Choose
 * logo or Change logo, that opens the file picker; a chosen file is uploaded at once. The native file input
 * stays for its label but out of sight, so it never says "No file chosen" beside an uploaded image.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { label, previewSrc, busy, error } = props;
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const noun = label.charAt(0).toLowerCase() + label.slice(1);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Clearing the value lets the same file be chosen again after a failure.
    event.target.value = '';
    if (file) props.onFile(file);
  };
  const described = [
    `${id}-state`,
    props.note ? `${id}-note` : null,
    `${id}-hint`,
    error ? `${id}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Stack gap="1.5" id={props.sectionId} scrollMarginTop="24">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
        {label}
        {props.required && (
          <chakra.span aria-hidden="true" color="red.700" ms="1">
            *
          </chakra.span>
        )}
      </chakra.label>
      <Flex align="center" gap="3">
        <Box
          boxSize="16"
          borderWidth="1px"
          rounded="md"
          bg="gray.50"
          display="flex"
          alignItems="center"
          justifyContent="center"
          flexShrink={0}
          overflow="hidden"
        >
          {busy ? (
            <Spinner role="status" size="sm" aria-label="Uploading" />
          ) : previewSrc ? (
            <Image src={previewSrc} alt={`${label} preview`} boxSize="15" objectFit="contain" />
          ) : (
            <Text fontSize="xs" color="gray.600">
              None
            </Text>
          )}
        </Box>
        <Stack gap="1" minW="0" align="flex-start">
          <Button
            size="sm"
            variant="outline"
            bg="white"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-describedby={described}
          >
            {previewSrc ? `Change ${noun}` : `Choose ${noun}`}
          </Button>
          <Text
            id={`${id}-state`}
            fontSize="sm"
            color="gray.700"
            truncate
            maxW="full"
            title={props.fileName ?? undefined}
          >
            {imageStateText(props)}
          </Text>
          {props.note && (
            <Text id={`${id}-note`} fontSize="xs" color="orange.800">
              {props.note}
            </Text>
          )}
        </Stack>
      </Flex>
      <chakra.input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        onChange={choose}
        disabled={busy}
        required={props.required}
        tabIndex={-1}
        srOnly
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
      />
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
