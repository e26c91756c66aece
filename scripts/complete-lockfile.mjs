// The package registry reachable here lacks some platform-only optional packages (macOS, Windows, rare Linux
// builds of @swc/core and msgpackr-extract), so npm leaves them out of package-lock.json — and `npm ci` then
// refuses the lock as out of sync. This adds the missing optional entries with the os/cpu that their names
// state, which is all `npm ci` needs: it skips packages for other platforms without downloading them.
// Run after `npm install` changes the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const platformOf = (name) => {
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android'].find((candidate) => name.includes(`-${candidate}`));
  const cpu = ['arm64', 'x64', 'ia32', 'ppc64', 's390x', 'riscv64', 'arm'].find((candidate) =>
    new RegExp(`-${candidate}(?:-|$)`).test(name),
  );
  return os && cpu ? { os: [os], cpu: [cpu] } : null;
};

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`cannot tell the platform of ${name}; add its entry by hand`);
    lock.packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.join(', ')}` : 'package-lock.json already complete');
