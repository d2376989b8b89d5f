import { Box, chakra } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { formatZone } from '../../domain/shared/format';
import {
  WEEKDAYS,
  cellsBetween,
  gridTimes,
  isChecked,
  labelOf,
  type WeekSlots,
  type Weekday,
} from '../../domain/onboarding/availability';

export interface AvailabilityGridProps {
  week: WeekSlots;
  timezone: string;
  disabled: boolean;
  onSet(cells: Array<{ day: Weekday; time: string }>, checked: boolean): void;
}

const TIMES = gridTimes();
const SHORT: Record<Weekday, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
  Sunday: 'Sun',
};

/**
 * The weekly grid of 15-minute slots (spec 02 §2): one column per weekday, one row per slot, in the
 * location's zone. Keyboard: arrow keys move, Space or Enter toggles, Shift+arrow extends the toggle. Mouse or
 * touch: press on a slot and drag across others to set them all like the first.
 */
export function AvailabilityGrid({ week, timezone, disabled, onSet }: AvailabilityGridProps) {
  const [focus, setFocus] = useState({ row: TIMES.indexOf('07:00'), col: 0 });
  const drag = useRef<{ from: { day: Weekday; time: string }; checked: boolean } | null>(null);
  const cellRefs = useRef(new Map<string, HTMLDivElement>());

  const move = (row: number, col: number) => {
    const next = {
      row: Math.max(0, Math.min(TIMES.length - 1, row)),
      col: Math.max(0, Math.min(WEEKDAYS.length - 1, col)),
    };
    setFocus(next);
    cellRefs.current.get(`${next.row}:${next.col}`)?.focus();
    return next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: number, col: number) => {
    const day = WEEKDAYS[col] as Weekday;
    const time = TIMES[row] as string;
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (!disabled) onSet([{ day, time }], !isChecked(week, day, time));
      return;
    }
    const delta: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const step = delta[event.key];
    if (!step) return;
    event.preventDefault();
    const next = move(row + step[0], col + step[1]);
    if (event.shiftKey && !disabled) {
      onSet(
        [{ day: WEEKDAYS[next.col] as Weekday, time: TIMES[next.row] as string }],
        isChecked(week, day, time),
      );
    }
  };

  return (
    <Box>
      <chakra.p fontSize="sm" color="fg.muted" mb="2">
        Times are in {formatZone(timezone)}. Use the arrow keys and Space, or drag across slots.
      </chakra.p>
      <Box
        maxH="420px"
        overflowY="auto"
        borderWidth="1px"
        rounded="md"
        onPointerUp={() => (drag.current = null)}
      >
        <Box
          role="grid"
          aria-label="Weekly time slots"
          aria-readonly={disabled}
          display="grid"
          // A narrower time column on a phone, so the weekday names fit their columns.
          gridTemplateColumns={{
            base: '3.75rem repeat(7, minmax(0, 1fr))',
            md: '4.5rem repeat(7, minmax(0, 1fr))',
          }}
          fontSize="xs"
          userSelect="none"
          style={{ touchAction: 'none' }}
        >
          <Box role="row" display="contents">
            <Box role="columnheader" position="sticky" top="0" bg="white" p="1" />
            {WEEKDAYS.map((day) => (
              <Box
                role="columnheader"
                key={day}
                aria-label={day}
                position="sticky"
                top="0"
                bg="white"
                py="1"
                px={{ base: '0', md: '1' }}
                whiteSpace="nowrap"
                textAlign="center"
                fontWeight="semibold"
                zIndex="1"
              >
                {SHORT[day]}
              </Box>
            ))}
          </Box>
          {TIMES.map((time, row) => (
            <Box role="row" display="contents" key={time}>
              <Box role="rowheader" p="1" textAlign="right" color="fg.muted">
                {labelOf(time)}
              </Box>
              {WEEKDAYS.map((day, col) => {
                const checked = isChecked(week, day, time);
                return (
                  <Box
                    role="gridcell"
                    key={day}
                    ref={(node: HTMLDivElement | null) => {
                      if (node) cellRefs.current.set(`${row}:${col}`, node);
                      else cellRefs.current.delete(`${row}:${col}`);
                    }}
                    aria-label={`${day} ${labelOf(time)}`}
                    aria-selected={checked}
                    tabIndex={focus.row === row && focus.col === col ? 0 : -1}
                    data-day={day}
                    data-time={time}
                    bg={checked ? 'teal.500' : 'white'}
                    borderTopWidth="1px"
                    borderLeftWidth="1px"
                    borderColor="gray.200"
                    minH="5"
                    cursor={disabled ? 'default' : 'pointer'}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'teal.800', outlineOffset: '-2px' }}
                    onKeyDown={(event) => onKeyDown(event, row, col)}
                    onFocus={() => setFocus({ row, col })}
                    onPointerDown={(event) => {
                      if (disabled) return;
                      event.preventDefault();
                      drag.current = { from: { day, time }, checked: !checked };
                      setFocus({ row, col });
                      onSet([{ day, time }], !checked);
                    }}
                    onPointerEnter={(event) => {
                      if (!drag.current || event.buttons === 0) return;
                      onSet(cellsBetween(drag.current.from, { day, time }), drag.current.checked);
                    }}
                  />
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
