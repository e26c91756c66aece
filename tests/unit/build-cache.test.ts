// `npm start`'s build cache (scripts/build-cache.ts) on a tree of its own: an unchanged tree reuses the last build,
// a changed source file, lock file or build config rebuilds, and so does a build whose output is gone or whose key
// was never recorded (a build cut short).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildKey, needsBuild, recordKey } from '../../scripts/build-cache';

let root: string;
const inputs = ['src', 'package-lock.json', '.parcelrc'];
const keys = () => join(root, 'dist', '.build-keys.json');
const output = () => join(root, 'dist', 'embed.js');

/** A complete build of the tree as it is now: its output written, its key recorded. */
function build(): void {
  writeFileSync(output(), 'built');
  recordKey(keys(), 'product', buildKey(root, inputs));
}
const wouldBuild = () => needsBuild(keys(), 'product', buildKey(root, inputs), [output()]);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tw-build-cache-'));
  mkdirSync(join(root, 'src', 'embed'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'src', 'embed', 'embed.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(join(root, '.parcelrc'), '{"extends":"@parcel/config-default"}\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build cache', () => {
  it('builds when nothing was built, and reuses an unchanged tree', () => {
    expect(wouldBuild()).toBe(true);
    build();
    expect(wouldBuild()).toBe(false);
  });

  it('rebuilds after a change to one source file, and after a new one', () => {
    build();
    writeFileSync(join(root, 'src', 'embed', 'embed.ts'), 'export const a = 2;\n');
    expect(wouldBuild()).toBe(true);
    build();
    writeFileSync(join(root, 'src', 'embed', 'other.ts'), '');
    expect(wouldBuild()).toBe(true);
  });

  it('rebuilds after a change to the lock file or the build config', () => {
    build();
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    expect(wouldBuild()).toBe(true);
    build();
    writeFileSync(join(root, '.parcelrc'), '{"extends":"@parcel/config-default","transformers":{}}\n');
    expect(wouldBuild()).toBe(true);
  });

  it('rebuilds when the output is gone, even with the same key', () => {
    build();
    rmSync(output());
    expect(wouldBuild()).toBe(true);
  });
});
