import { Box } from '@chakra-ui/react';
import { formatWhen, relativeTime } from '../../domain/audit/audit-times';

/** The exact time: hidden from the eye (still read out) until the relative time is hovered or focused. */
const EXACT_STYLES = {
  '& > .exact': {
    position: 'absolute',
    zIndex: 'docked',
    insetStart: '0',
    top: '100%',
    whiteSpace: 'nowrap',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
  },
  '&:hover > .exact, &:focus-visible > .exact': {
    width: 'auto',
    height: 'auto',
    overflow: 'visible',
    clipPath: 'none',
    mt: '1',
    px: '2',
    py: '1',
    rounded: 'md',
    bg: 'gray.800',
    color: 'white',
    fontSize: 'xs',
    boxShadow: 'md',
  },
} as const;

/**
 * "3 min ago", with the exact date and time in the reader's zone shown on hover and on keyboard focus (and
 * read out with it by assistive technology).
 */
export function RelativeTime(props: { at: string; nowMs: number; timeZone: string }) {
  return (
    <Box
      as="time"
      {...{ dateTime: props.at }}
      tabIndex={0}
      position="relative"
      display="inline-block"
      rounded="sm"
      textDecoration="underline dotted"
      textUnderlineOffset="3px"
      css={EXACT_STYLES}
    >
      {relativeTime(props.at, props.nowMs, props.timeZone)}
      <span className="exact"> {formatWhen(props.at, props.timeZone)}</span>
    </Box>
  );
}
