// The build cache of `npm start` (scripts/start.ts): each part of the build (the product: wallet, loader and scanner;
// the visualiser) is keyed on a SHA-256 of the files it is built from, the lock file and the build config, and is
// reused only when the key recorded after its last complete build is the same and its output is still there. So a
// stale build is never served: any change to a source, to the lock file or to the config makes a new key.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Folders never read for a key (outputs, dependencies, caches). */
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.git', '.parcel-cache', 'data']);

function files(root: string, input: string, out: string[]): void {
  const path = join(root, input);
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) if (!SKIPPED.has(name)) files(root, join(input, name), out);
  } else {
    out.push(input);
  }
}

/**
 * The key of a part of the build: a hash over each input file's path and contents (folders read through, in a fixed
 * order), so a renamed, added, removed or edited file changes it.
 */
export function buildKey(root: string, inputs: readonly string[]): string {
  const list: string[] = [];
  for (const input of inputs) files(root, input, list);
  const hash = createHash('sha256');
  for (const file of [...new Set(list)].sort()) {
    hash.update(file.split('\\').join('/')).update('\0').update(readFileSync(join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

export type Keys = Record<string, string>;

export function readKeys(file: string): Keys {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Keys;
  } catch {
    return {};
  }
}

/** Records a part's key, once its build completed (a build cut short records nothing, so it is built again). */
export function recordKey(file: string, part: string, key: string): void {
  writeFileSync(file, `${JSON.stringify({ ...readKeys(file), [part]: key }, null, 2)}\n`);
}

/** Whether a part must be built: its key differs from the recorded one, or an output it made is gone. */
export function needsBuild(file: string, part: string, key: string, outputs: readonly string[]): boolean {
  return readKeys(file)[part] !== key || outputs.some((output) => !existsSync(output));
}

/** How long each step took last time (seconds), for the "about N s left" in the log. */
export function readTimes(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
