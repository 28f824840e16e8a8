// Issue 12: zod (about 26 KB gzip) stays out of the public pages' first load. contract/ modules whose
// schemas are built with zod keep their constants, codes, paths and pure checks in a zod-free
// `<module>-values.ts` (re-exported by the module), and the pages import that. This walks the static
// imports (not `import type`, not `import()`: those load later or never) from the entry, the root and
// every public route module, and fails when one of them reaches a module that imports zod, naming the
// chain. The console's pages (/admin/…) validate with zod and are not checked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(APP, '..');

/** The module specifiers a file imports for their values (type-only imports and exports left out). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.length > 0 &&
          named.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const exported = statement.exportClause;
      const onlyTypes =
        statement.isTypeOnly ||
        (exported !== undefined &&
          ts.isNamedExports(exported) &&
          exported.elements.length > 0 &&
          exported.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes && ts.isStringLiteral(statement.moduleSpecifier))
        found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every chain `entry ← … ← module` from `entry` to a module that imports zod, by static value imports. */
function zodChains(entry: string): string[] {
  const cameFrom = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  const chains: string[] = [];
  const chainTo = (file: string) => {
    const names: string[] = [];
    for (let at: string | null | undefined = file; at; at = cameFrom.get(at)) {
      names.push(path.relative(ROOT, at));
    }
    return names.reverse().join(' → ');
  };
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const specifier of valueImports(file)) {
      if (specifier === 'zod' || specifier.startsWith('zod/')) {
        chains.push(`${chainTo(file)} → zod`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier.split('?')[0] as string);
      if (!/\.tsx?$/.test(target) || !existsSync(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  return chains;
}

const publicRoutes = readdirSync(path.join(APP, 'routes'))
  .filter((name) => /\.tsx?$/.test(name) && !name.startsWith('admin-') && !name.includes('.test.'))
  .map((name) => path.join(APP, 'routes', name));

describe("the public pages' first load", () => {
  const entries = [path.join(APP, 'entry.client.tsx'), path.join(APP, 'root.tsx'), ...publicRoutes];
  it.each(entries.map((file) => path.relative(ROOT, file)))(
    '%s reaches no module that imports zod',
    (entry) => {
      expect(zodChains(path.join(ROOT, entry))).toEqual([]);
    },
  );

  it('sees zod where a page imports a schema module (the walk itself works)', () => {
    const chains = zodChains(path.join(ROOT, 'contract', 'watch.ts'));
    expect(chains).toContain('contract/watch.ts → zod');
  });
});
