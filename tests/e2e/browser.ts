// Headless Chromium from the system package (never a downloaded browser), shared by e2e tests and the
// screenshot script. Callers close it in `finally`.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

/** The switches every Chromium of the tests and benches runs with: no sandbox or GPU here, and no traffic of its own. */
export const chromiumSwitches = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/** `extraArgs`: more switches, e.g. a fake camera (scan-camera.test.ts). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...chromiumSwitches, ...extraArgs] });
}
