import { Link, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { focusSection } from '../kit/focus-section';

export interface MissingField {
  label: string;
  /** The id of the field (or its section) the link leads to. */
  targetId: string;
}

/**
 * What a disabled Next waits for: "To continue, fill in: Logo and Cover image.", each name a link that
 * brings its field into view and focuses it. Next points at this line with aria-describedby.
 */
export function MissingFields({ id, fields }: { id: string; fields: readonly MissingField[] }) {
  return (
    <Text id={id} fontSize="sm" color="gray.700" textAlign={{ base: 'start', sm: 'end' }}>
      To continue, fill in:{' '}
      {fields.map((field, index) => (
        <Fragment key={field.targetId + field.label}>
          {index > 0 && (index === fields.length - 1 ? ' and ' : ', ')}
          <Link
            href={`#${field.targetId}`}
            color="teal.700"
            textDecoration="underline"
            onClick={(event) => {
              if (focusSection(field.targetId)) event.preventDefault();
            }}
          >
            {field.label}
          </Link>
        </Fragment>
      ))}
      .
    </Text>
  );
}
