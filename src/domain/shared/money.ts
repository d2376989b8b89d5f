/**
 * Money is an integer number of cents. Dollars typed by a person are parsed as text, never through a
 * float multiplication, so 19.99 becomes 1999 and 0.29 becomes 29 exactly.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: 'Cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`cents must be a whole number, got ${value}`);
  return value as Cents;
}

const DOLLARS = /^\s*(-)?\$?\s*(\d{0,12})(?:\.(\d{0,2}))?\s*$/;

/** Parses dollars as typed ("19.99", "$5", ".5") into cents; undefined when it is not an amount. */
export function parseDollars(text: string): Cents | undefined {
  const match = DOLLARS.exec(text.replaceAll(',', ''));
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const value = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return cents(sign ? -value : value);
}

/** Formats cents as dollars with two decimals, e.g. 1999 → "$19.99". */
export function formatDollars(amount: number, options: { symbol?: boolean } = {}): string {
  const negative = amount < 0;
  const absolute = Math.abs(Math.trunc(amount));
  const text = `${Math.floor(absolute / 100).toLocaleString('en-US')}.${String(absolute % 100).padStart(2, '0')}`;
  return `${negative ? '-' : ''}${options.symbol === false ? '' : '$'}${text}`;
}

/** Cents as the plain text a dollars input shows, e.g. 1999 → "19.99". */
export function centsToDollarInput(amount: number): string {
  return formatDollars(amount, { symbol: false }).replaceAll(',', '');
}
