// `npm ci` (what CI runs) refuses a lock that lacks an optional dependency, and the registry here does not serve
// some platform-only packages. scripts/complete-lockfile.mjs adds them; this keeps the lock complete.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

it('package-lock.json has an entry for every optional dependency, so npm ci accepts it', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
      if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.push(name);
    }
  }
  expect(missing, 'run: node scripts/complete-lockfile.mjs').toEqual([]);
});

it('pins every direct dependency to an exact version', () => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string>>;
  const ranges = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([, version]) => !/^\d/.test(version));
  expect(ranges).toEqual([]);
});
