/**
 * CSV files a spreadsheet opens safely (RFC 4180): a header row, CRLF line ends, fields quoted when they
 * hold a comma, a quote, a line break or edge spaces, quotes doubled. A text that starts with =, +, -, @,
 * a tab or a carriage return would be run as a formula by a spreadsheet, so it gets a leading apostrophe
 * (shown as text, never evaluated); plain numbers such as -5 or +13105550101 are left as they are.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** The cell's text with the formula guard applied. */
export function guardCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `'${text}`;
  return text;
}

/** One field as written in the file. */
export function encodeField(value: CsvValue): string {
  const text = guardCell(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the header row, then one row per record, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(encodeField).join(',')}\r\n`).join('');
}

/**
 * Reads CSV back into rows of text (quoted fields, doubled quotes, CRLF or LF, a leading BOM). Used to
 * check files this module wrote; it does not undo the formula guard.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** "users" and 2025-03-07 → "users-2025-03-07.csv"; the date is the caller's today (no clock here). */
export function csvFileName(base: string, isoDate: string): string {
  const safe = base.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  return `${safe}-${isoDate}.csv`;
}
