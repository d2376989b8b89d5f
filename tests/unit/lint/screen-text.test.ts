/**
 * The lint that keeps raw values off the screen (docs/design.md, Words and Numbers and dates): in src/ui and
 * src/screens it refuses an enumeration constant shown as an element's text and dates formatted by hand
 * (toLocaleDateString, toISOString, new Intl.…), and lets the catalogue's labels and formats through.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The rule ids the lint reports for a component in src/ui, or in src/domain where the rule does not hold. */
async function refusals(code: string, file = 'src/ui/kit/Example.tsx') {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const component = (body: string) =>
  `export function Example(props: { a: { status: string; role: string; name: string }; at: Date }) {\n  return ${body};\n}\n`;

describe('raw values on screen', () => {
  it.each([
    ['<p>{props.a.status}</p>'],
    ['<p>Role: {props.a.role}</p>'],
    ['<>{`(${props.a.status})`}</>'],
    ['<p>{props.at.toLocaleDateString()}</p>'],
    ['<p>{props.at.toISOString()}</p>'],
    ["<p>{new Intl.NumberFormat('en-US').format(1)}</p>"],
  ])('%s is refused', async (body) => {
    expect(await refusals(component(body))).toHaveLength(1);
  });

  it('an enumeration as a value (not text), a label looked up by it, a catalogue entry and a name pass', async () => {
    const code = `const LABELS: Record<string, string> = { ACTIVE: 'Active' };
const CATALOGUE = { role: 'Roles are changed by an admin.' };
export function Example(props: { a: { status: string; name: string } }) {
  return (
    <p data-status={props.a.status}>
      {LABELS[props.a.status]} {CATALOGUE.role} {props.a.name}
    </p>
  );
}
`;
    expect(await refusals(code)).toEqual([]);
  });

  it('outside src/ui and src/screens the rule does not hold', async () => {
    expect(await refusals(component('<p>{props.a.status}</p>'), 'tests/unit/Example.tsx')).toEqual([]);
  });
});
