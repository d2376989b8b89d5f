import { describe, expect, it } from 'vitest';
import { rewriteArkParts } from '../../scripts/lib/ark-parts';

const ARK_FIELD = new Set(['FieldRoot', 'FieldLabel', 'FieldErrorText', 'useFieldContext']);
const ARK_TABS = new Set(['TabsRoot', 'TabsList']);
const exportsOf = (from: string) => (from.endsWith('/field') ? ARK_FIELD : ARK_TABS);

describe('rewriteArkParts', () => {
  it('reads each part from its own export, under a name apart from Chakra’s own parts', () => {
    const code = [
      "import { Field, useFieldContext } from '@ark-ui/react/field';",
      'const FieldRoot = withProvider(Field.Root, "root");',
      'const FieldLabel = withContext(Field.Label, "label");',
      'const again = withContext(Field.Root, "root");',
    ].join('\n');
    expect(rewriteArkParts(code, exportsOf)).toBe(
      [
        "import { FieldRoot as ark$FieldRoot, FieldLabel as ark$FieldLabel, useFieldContext } from '@ark-ui/react/field';",
        'const FieldRoot = withProvider(ark$FieldRoot, "root");',
        'const FieldLabel = withContext(ark$FieldLabel, "label");',
        'const again = withContext(ark$FieldRoot, "root");',
      ].join('\n'),
    );
  });

  it('keeps the namespace for a part Ark does not export by that name, or when it is used whole', () => {
    const code = [
      "import { Tabs } from '@ark-ui/react/tabs';",
      'const TabsRoot = withProvider(Tabs.Root, "root");',
      'const TabsIndicator = withContext(Tabs.Indicator, "indicator");',
    ].join('\n');
    expect(rewriteArkParts(code, exportsOf)).toBe(
      [
        "import { Tabs, TabsRoot as ark$TabsRoot } from '@ark-ui/react/tabs';",
        'const TabsRoot = withProvider(ark$TabsRoot, "root");',
        'const TabsIndicator = withContext(Tabs.Indicator, "indicator");',
      ].join('\n'),
    );
    const whole = ["import { Field } from '@ark-ui/react/field';", 'use(Field, Field.Root);'].join('\n');
    expect(rewriteArkParts(whole, exportsOf)).toBe(
      [
        "import { Field, FieldRoot as ark$FieldRoot } from '@ark-ui/react/field';",
        'use(Field, ark$FieldRoot);',
      ].join('\n'),
    );
  });

  it('leaves a module without Ark namespaces as it is', () => {
    const code = "import { useFieldContext } from '@ark-ui/react/field';\nuseFieldContext();";
    expect(rewriteArkParts(code, exportsOf)).toBe(code);
  });
});
