import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvFileName, encodeField, guardCell, parseCsv, toCsv } from '../../../src/domain/shared/csv';

describe('encodeField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    [' padded ', '" padded "'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [true, 'true'],
  ])('%j → %j', (value, expected) => {
    expect(encodeField(value)).toBe(expected);
  });
});

describe('formula guard', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=x', "'\t=x"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['-5', '-5'],
    ['+13105550101', '+13105550101'],
    ['-0.5', '-0.5'],
    ['a=b', 'a=b'],
    ['+1 (310) 555-0101', "'+1 (310) 555-0101"],
  ])('%j → %j', (value, expected) => {
    expect(guardCell(value)).toBe(expected);
  });

  it('no text a spreadsheet would run as a formula survives unguarded', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = guardCell(text);
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^[+-]?(\d+(\.\d*)?|\.\d+)$/);
        expect(cell === text || cell === `'${text}`).toBe(true);
      }),
    );
  });
});

describe('toCsv and parseCsv', () => {
  it('writes a header row and CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Email'],
        [
          ['Ada, Countess', 'ada@example.com'],
          ['=cmd', null],
        ],
      ),
    ).toBe('Name,Email\r\n"Ada, Countess",ada@example.com\r\n\'=cmd,\r\n');
  });

  it('parses back what it wrote: quotes, commas, newlines and unicode intact, formulas guarded', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('a,b', '"q"', 'x\r\ny', '\n', '=1+2', '@x', ' '),
    );
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 8 }),
        (header, rows) => {
          const width = header.length;
          const sized = rows.map((row) => Array.from({ length: width }, (_, i) => row[i % row.length] ?? ''));
          const parsed = parseCsv(toCsv(header, sized));
          expect(parsed).toEqual([header.map(guardCell), ...sized.map((row) => row.map(guardCell))]);
        },
      ),
    );
  });

  it('reads a file with a byte order mark and LF line ends', () => {
    expect(parseCsv('\uFEFFa,b\n1,"2\n3"\n')).toEqual([
      ['a', 'b'],
      ['1', '2\n3'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a,')).toEqual([['a', '']]);
  });
});

describe('csvFileName', () => {
  it.each([
    ['users', '2025-03-07', 'users-2025-03-07.csv'],
    ['waitlist', '2025-12-31', 'waitlist-2025-12-31.csv'],
    ['../etc/passwd', '2025-01-01', 'etc-passwd-2025-01-01.csv'],
    ['', '2025-01-01', 'export-2025-01-01.csv'],
  ])('%j on %s → %s', (base, date, expected) => {
    expect(csvFileName(base, date)).toBe(expected);
  });
});
