// No module under src/ or machines/ is a mutable module filled at start (docs/decisions/0113-the-chunks-import-by-their-real-paths.md):
// every module imports what it uses by its real path. The kits this replaces were modules of `export let` bindings
// (src/web/kit.ts) or of one object cast from `{}` (machines/kit.ts) that another module (fill-kit.ts) filled when
// the app started, so a name left out of the fill stayed `undefined` and a module imported without the fill failed.
import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot, sourceFiles } from '../support/source-files';

const root = repositoryRoot;

/** What makes a module one that another fills at start: a reassignable export, or an export cast from an empty object. */
export function fillableExports(source: string): string[] {
  return [
    ...[...source.matchAll(/^\s*export\s+(?:let|var)\s+(\w+)/gm)].map((match) => `export let ${match[1]}`),
    ...[...source.matchAll(/^\s*export\s+const\s+(\w+)\s*=\s*\{\s*\}\s*as\b/gm)].map((match) => `export const ${match[1]} = {} as …`),
  ];
}

const files = ['src', 'machines'].flatMap((folder) => sourceFiles(join(root, folder)));

describe('no module filled at start', () => {
  it('recognises both kinds of kit', () => {
    const webKit = "import type * as b from './button';\nexport let Button: typeof b.Button;\nexport let Icon: X;";
    const flowKit = 'export interface FlowKit { a: A }\nexport const flowKit = {} as FlowKit;';
    expect(fillableExports(webKit)).toEqual(['export let Button', 'export let Icon']);
    expect(fillableExports(flowKit)).toEqual(['export const flowKit = {} as …']);
    expect(fillableExports("export const labels = { a: 1 } as const;\nlet local = 1;\nexport const empty = {};")).toEqual([]);
  });

  it('reads the product: every file under src/ and machines/', () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['src/web/app.tsx', 'src/web/screens/qr-screen.tsx', 'machines/redeem.ts', 'machines/create-wallet.ts']),
    );
  });

  it('has no `export let` and no export cast from an empty object under src/ or machines/', () => {
    const found = files.flatMap((file) => fillableExports(readFileSync(file, 'utf8')).map((what) => `${relative(root, file)}: ${what}`));
    expect(found).toEqual([]);
  });

  it('has no module named kit or fill-kit under src/ or machines/', () => {
    const kits = files.filter((file) => /^(fill-)?kit\.(ts|tsx|mts)$/.test(basename(file))).map((file) => relative(root, file));
    expect(kits).toEqual([]);
  });
});
