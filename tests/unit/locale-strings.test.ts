// The English strings travel with the code that shows them (src/web/locale-strings.ts): every key a lazy screen (or
// a component, selector or flow it imports) names must come with that screen, and the frame must name none of the
// screens' keys, or a person would see a raw key until the screen's chunk arrives.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { frameStrings, screenPrefixes, screenStrings, serverPrefixes } from '../../src/web/locale-strings';
import { type PanelName, panelNames, panelRow } from '../../machines/tabs';
import { hubTiles } from '../../src/web/panels';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const keys = new Set(Object.keys(en));
const prefixOf = (key: string) => key.slice(0, key.indexOf('.'));
const isScreenPrefix = (prefix: string) => (screenPrefixes as readonly string[]).includes(prefix);

/** A source file and every file it imports statically, within the repository (dynamic imports are other chunks). */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports bring no code (and so no strings) into the chunk, and neither do macros: they run at build
    // time and leave only their result (compactRoutes: the routes of a module's calls).
    for (const match of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']+)'(\s+with\s*\{\s*type:\s*'macro'\s*\})?/gms)) {
      if (match[2]) continue;
      const target = resolve(dirname(file), match[1]!);
      const candidates = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')];
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (found) visit(found);
    }
  };
  visit(join(root, entry));
  return [...seen];
}

/**
 * The locale keys the files name as string literals. Event names look the same (`ticket.back` is both), so literals
 * that are an event's `type` or an object key (`on: { 'ticket.back': … }`, `case 'ticket.back':`) do not count.
 */
function keysNamed(files: string[]): string[] {
  const named = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(type:\s*)?['"`]([a-z_]+\.[a-z_.]+)['"`](\s*:)?/g)) {
      const [, isType, literal, isKey] = match;
      if (!isType && !isKey && keys.has(literal!)) named.add(literal!);
    }
  }
  return [...named];
}

/**
 * The prefixes a module asks for: `screenStrings('GIFT')` (a screen: its registry row's) or `screenStrings([...])`.
 */
function requestedPrefixes(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  const panel = /screenStrings\('([A-Z_]+)'\)/.exec(source);
  if (panel) return [...panelRow(panel[1] as PanelName).strings];
  const call = /screenStrings\(\[([^\]]*)\]\)/.exec(source);
  return call ? [...call[1]!.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!) : [];
}

/**
 * The server's messages (`api.*`) reach a person as toasts, and the toast list brings them with it
 * (src/web/components/toast-list.tsx), so a machine naming one (a toast it raises) needs nothing from its screen.
 */
const toastPrefixes = requestedPrefixes('src/web/components/toast-list.tsx');
const needsItsScreen = (key: string) => isScreenPrefix(prefixOf(key)) && !toastPrefixes.includes(prefixOf(key));

/** Each panel's screen module, as the view table (src/web/panels.ts) imports it: one per panel. */
const screens = [...readFileSync(join(root, 'src/web/panels.ts'), 'utf8').matchAll(/import\('\.\/(screens\/[a-z-]+)'\)/g)].map(
  (match) => `src/web/${match[1]}.tsx`,
);
it('finds a screen module for every panel', () => expect(screens).toHaveLength(panelNames.length));
/** The parts a screen loads later (`lazy(() => import('./qr-learn-more'))`): chunks of their own, with their own strings. */
const laterParts = [
  ...new Set(screens.flatMap((screen) => [...readFileSync(join(root, screen), 'utf8').matchAll(/import\('\.\/([a-z-]+)'\)/g)].map((match) => `src/web/screens/${match[1]}.tsx`))),
];
it('finds the QR screen\'s learn-more panel as a part loaded later', () => expect(laterParts).toContain('src/web/screens/qr-learn-more.tsx'));

describe('English strings by chunk', () => {
  it.each([...screens, ...laterParts])('%s brings every screen key it or its imports name', (screen) => {
    const requested = requestedPrefixes(screen);
    const needed = keysNamed(closure(screen)).filter(needsItsScreen);
    expect(needed.filter((key) => !requested.includes(prefixOf(key)))).toEqual([]);
    for (const key of needed) expect(screenStrings(requested as never)[key]).toBe((en as Record<string, string>)[key]);
  });

  it('leaves no screen key in the frame, which names none', () => {
    const frame = frameStrings();
    // The view table names the HUB tiles' keys as data: only the HUB's screen looks them up, and its chunk brings them.
    const frameFiles = closure('src/web/app.tsx').filter((file) => !file.endsWith('src/web/panels.ts'));
    const named = keysNamed(frameFiles).filter(needsItsScreen);
    expect(named).toEqual([]);
    const tileKeys = hubTiles.flatMap((tile) => [tile.label, ...(tile.hint ? [tile.hint] : [])]);
    expect(tileKeys.filter((key) => screenStrings('HUB')[key] === undefined)).toEqual([]);
    expect(Object.keys(frame).filter((key) => isScreenPrefix(prefixOf(key)))).toEqual([]);
  });

  it('sends the server messages with the toast list', () => {
    expect(toastPrefixes).toEqual(['api']);
  });

  it('puts every browser key in the frame or in a screen, and the e-mails in neither', () => {
    const inBrowser = new Set([...Object.keys(frameStrings()), ...Object.keys(screenStrings([...screenPrefixes]))]);
    const missing = [...keys].filter((key) => !inBrowser.has(key) && !(serverPrefixes as readonly string[]).includes(prefixOf(key)));
    expect(missing).toEqual([]);
    expect([...inBrowser].filter((key) => prefixOf(key) === 'mail')).toEqual([]);
    for (const prefix of screenPrefixes) {
      expect([...screens, ...laterParts].some((screen) => requestedPrefixes(screen).includes(prefix)), `${prefix} has a screen`).toBe(true);
    }
  });
});
