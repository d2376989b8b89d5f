import { Box } from '@chakra-ui/react';

export interface DailyBarsProps {
  /** One value per day, oldest first. */
  values: readonly number[];
  /** Each day's label for its bar's tooltip ("Jun 3"). */
  days: readonly string[];
  /** How a value reads ("12 bookings", "$1,200.00"). */
  format(value: number): string;
  /** What the chart shows, read by screen readers ("Bookings per day, last 30 days"). */
  label: string;
}

const WIDTH = 120;
const HEIGHT = 32;

/** A tiny bar chart of a figure per day (inline SVG, no chart library); each bar names its day and value. */
export function DailyBars({ values, days, format, label }: DailyBarsProps) {
  const highest = Math.max(0, ...values);
  const step = WIDTH / Math.max(1, values.length);
  const peak = values.indexOf(highest);
  const summary =
    highest === 0 ? `${label}: none` : `${label}: highest ${format(highest)} on ${days[peak] ?? ''}`;
  return (
    <Box asChild color="teal.600" w="full" h="8" display="block">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#cbd5e0" strokeWidth="1" />
        {values.map((value, index) => {
          const height = highest === 0 ? 0 : Math.max(value > 0 ? 1.5 : 0, (value / highest) * (HEIGHT - 2));
          return (
            <rect
              key={days[index] ?? index}
              x={index * step + step * 0.15}
              y={HEIGHT - 1 - height}
              width={step * 0.7}
              height={height}
              fill="currentColor"
            >
              <title>{`${days[index] ?? ''}: ${format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </Box>
  );
}
