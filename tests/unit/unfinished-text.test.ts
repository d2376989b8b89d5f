/**
 * Nothing in the console tells a person that a feature is missing: no text in src says a feature "comes
 * later" or "is not built yet", and the placeholders that said so (NotBuiltYet, LaterSection) are gone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const UNFINISHED = /comes later|come later|not built yet|coming soon|not available yet|comes with the/i;
const PLACEHOLDERS = /\b(NotBuiltYet|LaterSection)\b/;

describe('unfinished product in src', () => {
  const files = filesUnder(SRC);

  it('reads the source files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no text says a feature comes later or is not built', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          UNFINISHED.test(line) ? [`${relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('no placeholder component is left', () => {
    const found = files.filter(
      (file) => PLACEHOLDERS.test(file) || PLACEHOLDERS.test(readFileSync(file, 'utf8')),
    );
    expect(found.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
