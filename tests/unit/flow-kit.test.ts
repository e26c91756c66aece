// The flows' chunks take what they share with the app's first chunk from machines/kit.ts, never from the modules it
// names: one runtime import of those from a lazy machine (or a module only it loads) makes Parcel wrap them again in
// the first chunk (docs/decisions/0092-the-first-panel-the-machines-imports-unwrapped.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** A relative import's file from the repository's root. */
function resolveFrom(file: string, specifier: string): string {
  const base = relative(root, join(root, dirname(file), specifier));
  return ['.ts', '.tsx'].map((ext) => base + ext).find((path) => existsSync(join(root, path))) ?? base;
}

/** The modules a file imports at run time (no `import type`, no build-time macros). */
function runtimeImports(file: string): string[] {
  return [...read(file).matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'(?! with \{ type: 'macro' \});/gms)].map((match) =>
    resolveFrom(file, match[1]!),
  );
}

/** The modules whose names the kit hands over. */
const kitSources = [...read('machines/kit.ts').matchAll(/^import type \* as \w+ from '([^']+)';/gm)].map((match) =>
  resolveFrom('machines/kit.ts', match[1]!),
);

/** Every machine loaded on demand (`import('./…')` in machines/), with the modules of machines/ it imports. */
function lazyMachines(): string[] {
  const roots = ['machines/tabs.ts', 'machines/session.ts', 'machines/qr.ts'].flatMap((file) =>
    [...read(file).matchAll(/import\('(\.\/[^']+)'\)/g)].map((match) => resolveFrom(file, match[1]!)),
  );
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || kitSources.includes(file)) return;
    seen.add(file);
    for (const next of runtimeImports(file)) if (next.startsWith('machines/')) visit(next);
  };
  roots.forEach(visit);
  return [...seen];
}

it('the kit names the modules the flows share with the first chunk', () => {
  expect(kitSources).toEqual(expect.arrayContaining(['src/client/client.ts', 'src/client/errors.ts', 'machines/services.ts']));
});

it('no lazy machine imports those modules but through the kit', () => {
  const machines = lazyMachines();
  expect(machines).toEqual(expect.arrayContaining(['machines/login.ts', 'machines/qr.ts', 'machines/qr-device.ts', 'machines/stream.ts']));
  const direct = machines.flatMap((file) => runtimeImports(file).filter((path) => kitSources.includes(path)).map((path) => `${file} → ${path}`));
  expect(direct).toEqual([]);
});
