/**
 * Chakra's components take Ark's parts through Ark's namespace objects (`Field.Root`, `Field.Label`, …
 * imported as `Field` from `@ark-ui/react/field`). Such an object holds every part of the component, so
 * using one part kept them all (the sign-in page's fields brought Ark's textarea with its auto-resize,
 * select and item parts). This rewrites each `Field.Root` in Chakra's component modules to the part's own
 * export, `FieldRoot`, which Ark exports beside the namespace under that name (imported as `ark$FieldRoot`, as
 * Chakra names its own parts alike): only the parts used stay. A part Ark does not export under that name
 * (Tabs.Indicator) is left read from the namespace.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const CHAKRA_COMPONENT = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/].+\.js$/;
const ARK_IMPORT = /^import \{([^}]+)\} from '(@ark-ui\/react\/[a-z-]+)';$/gm;

const alias = (namespace: string, part: string) => `ark$${namespace}${part}`;

/** Chakra's component module with every `Namespace.Part` of an Ark import read from the part's own export. */
export function rewriteArkParts(code: string, exported: (from: string) => ReadonlySet<string>): string {
  let next = code;
  for (const [statement, names, from] of code.matchAll(ARK_IMPORT)) {
    const kept: string[] = [];
    const parts = new Set<string>();
    for (const name of names!
      .split(',')
      .map((each) => each.trim())
      .filter(Boolean)) {
      const access = new RegExp(`\\b${name}\\.([A-Z]\\w*)\\b`, 'g');
      const named = exported(from!);
      const found = /^[A-Z]\w*$/.test(name)
        ? [...code.matchAll(access)].filter(([, part]) => named.has(`${name}${part}`))
        : [];
      if (found.length === 0) {
        kept.push(name);
        continue;
      }
      for (const [, part] of found) parts.add(part!);
      next = next.replace(access, (whole, part: string) => (parts.has(part) ? alias(name, part) : whole));
      // The namespace itself stays imported when the module also uses it whole or reads a part it lacks.
      if (new RegExp(`\\b${name}\\b`).test(next.replace(statement, ''))) kept.push(name);
      kept.push(...[...parts].map((part) => `${name}${part} as ${alias(name, part)}`));
      parts.clear();
    }
    next = next.replace(statement, `import { ${kept.join(', ')} } from '${from}';`);
  }
  return next;
}

export function arkParts(): Plugin {
  return {
    name: 'upkeep-ark-parts',
    apply: 'build',
    async transform(code, id) {
      if (!CHAKRA_COMPONENT.test(id)) return null;
      const exports = new Map<string, ReadonlySet<string>>();
      for (const [, , from] of code.matchAll(ARK_IMPORT)) {
        const resolved = await this.resolve(from!, id);
        const source = resolved ? await readFile(resolved.id, 'utf8') : '';
        exports.set(from!, new Set(source.match(/\b\w+\b/g) ?? []));
      }
      const next = rewriteArkParts(code, (from) => exports.get(from) ?? new Set());
      return next === code ? null : { code: next, map: null };
    },
  };
}
