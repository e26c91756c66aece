// The layers point one way: the machines (machines/) never import a view (src/web/), so a flow is a statechart that
// runs without React; and the product (src/) never imports the tests (tests/), so a build holds nothing of them.
// Every static import, dynamic `import()`, `export … from` and `vi.mock` path is resolved against its file.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, sourceFiles } from '../support/source-files';

const root = repositoryRoot;

/** The relative module paths a source names (imports, re-exports, `import()`), resolved from the repository root. */
export function importedPaths(file: string, source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g)].map((match) => match[2]!);
  return specifiers.map((specifier) => relative(root, resolve(dirname(file), specifier)));
}

/** `file → imported` pairs where a file under `from/` imports something under `to/`. */
function crossings(from: string, to: string): string[] {
  return sourceFiles(join(root, from)).flatMap((file) =>
    importedPaths(file, readFileSync(file, 'utf8'))
      .filter((path) => path === to || path.startsWith(`${to}/`))
      .map((path) => `${relative(root, file)} → ${path}`),
  );
}

describe('import direction', () => {
  it('reads static, dynamic and re-exporting imports', () => {
    const file = join(root, 'machines/example.ts');
    const source = "import { a } from '../src/web/a';\nexport * from './b';\nconst c = () => import('../src/web/screens/c');\nimport './d';";
    expect(importedPaths(file, source)).toEqual(['src/web/a', 'machines/b', 'src/web/screens/c', 'machines/d']);
  });

  it('has nothing under machines/ import from src/web/', () => {
    expect(crossings('machines', 'src/web')).toEqual([]);
  });

  it('has nothing under src/ import from tests/', () => {
    expect(crossings('src', 'tests')).toEqual([]);
  });
});
