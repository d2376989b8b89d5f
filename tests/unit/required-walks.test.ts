/**
 * Issue 19: `npm test` fails when one of the main flows loses its browser walk. Each required flow's walk
 * spec must exist, register a walk of that flow's machine (imported from the machine's own module) and name
 * itself as its file, so its replay command and its coverage gate run; the gate (tests/e2e/walks/walk.ts)
 * then fails the run when the walk leaves a state or transition uncovered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_WALKS } from '../e2e/walks/required';

const ROOT = resolve(__dirname, '../..');
const WALKS = join(ROOT, 'tests/e2e/walks');

describe('the main flows have their browser walks', () => {
  it.each(REQUIRED_WALKS.map((walk) => [walk.flow, walk] as const))('%s', async (_flow, walk) => {
    const machines = (await import(join(ROOT, walk.module))) as Record<string, { id?: string }>;
    expect(machines[walk.exportName]?.id, `${walk.module} exports ${walk.exportName}`).toBe(walk.machineId);

    const spec = join(ROOT, walk.file);
    expect(existsSync(spec), `${walk.file} exists`).toBe(true);
    const text = readFileSync(spec, 'utf8');
    const from = relative(WALKS, join(ROOT, walk.module)).replace(/\.ts$/, '');
    expect(text).toMatch(
      new RegExp(`import \\{[^}]*\\b${walk.exportName}\\b[^}]*\\} from '${from.replace(/\./g, '\\.')}'`),
    );
    expect(text).toContain('registerWalk(');
    expect(text).toMatch(new RegExp(`machine: ${walk.exportName},`));
    expect(text).toContain(`file: '${walk.file}'`);
  });
});
