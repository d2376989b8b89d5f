import { Box, Button, List } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { CHANGES_SHOWN, type ChangeLine } from '../../domain/audit/audit';

/** What changed, "field: from → to" a line; past the first few, Show all opens the rest. */
export function ChangeList(props: { lines: readonly ChangeLine[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (props.lines.length === 0) return <Box color="fg.muted">—</Box>;
  const more = props.lines.length - CHANGES_SHOWN;
  const shown = open || more <= 0 ? props.lines : props.lines.slice(0, CHANGES_SHOWN);
  return (
    <Box>
      <List.Root id={id} listStyle="none" gap="0.5" fontSize="sm">
        {shown.map((line) => (
          <List.Item key={line.field} overflowWrap="anywhere">
            <Box as="span" fontWeight="medium">
              {line.field}:
            </Box>{' '}
            {line.from === null ? (
              line.to
            ) : (
              <>
                {line.from} <span aria-label="to">→</span> {line.to}
              </>
            )}
          </List.Item>
        ))}
      </List.Root>
      {more > 0 && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette="teal"
          px="1"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Show fewer' : `Show all ${props.lines.length}`}
        </Button>
      )}
    </Box>
  );
}
