// A panel named outside the two tables fails: the machines' registry (machines/tabs.ts, `panelNames`: its tabs and the
// HUB overlay) and the view side's screen table (src/web/panels.ts, `panelViews`) are the only places a panel is
// declared. Everywhere else a panel is only named: in a PANEL_TAB / PANEL_OVERLAY_TAB link (code, mails, docs), a
// `panel.*` event or route, the embed API's `open({ tab })`, a screen's `screenStrings('…')`, the HUB's tiles, or a
// test's table of panels. TypeScript checks the typed ones; the links, the docs, the `as const` test tables and the
// plain-JavaScript host pages it cannot see, so this scans them. The scanner is shown to catch each kind of use on the
// fixture tests/fixtures/panel-uses.txt, and a deliberate mutation of real files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { panelNames } from '../../machines/tabs';
import { hubTiles, panelViews } from '../../src/web/panels';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** One place a panel is named. */
export interface PanelUse {
  name: string;
  line: number;
  kind: 'link' | 'event' | 'strings' | 'list';
}

const NAME = "['\"`]([A-Z][A-Z_]*)['\"`]";
/** A line about panels (not a flow's own tabs: gift's EMAIL, My tickets' PAST, the settings' PERSONAL_INFO…). */
const PANEL_LINE = /['"`]panel\.|\boverlay\b|PanelTab|PanelName|\broute(To)?\(|\.open\(|['"`]open['"`]/;

/** Where `source` names a panel, by the patterns in this file's header. */
export function panelUses(source: string): PanelUse[] {
  const uses: PanelUse[] = [];
  source.split('\n').forEach((text, index) => {
    const line = index + 1;
    // A link: the URL parameter's value, upper-cased as the wallet reads it (machines/panel.location.ts).
    for (const match of text.matchAll(/PANEL_(?:OVERLAY_)?TAB=([A-Za-z_]+)/g)) uses.push({ name: match[1]!.toUpperCase(), line, kind: 'link' });
    // Set on a URL, or what a test expects a URL to hold.
    for (const match of text.matchAll(new RegExp(`\\.set\\(['"\`]PANEL_(?:OVERLAY_)?TAB['"\`],\\s*${NAME}`, 'g'))) uses.push({ name: match[1]!, line, kind: 'link' });
    for (const match of text.matchAll(new RegExp(`\\.get\\(['"\`]PANEL_(?:OVERLAY_)?TAB['"\`]\\)\\)\\.toBe\\(${NAME}`, 'g'))) uses.push({ name: match[1]!, line, kind: 'link' });
    if (PANEL_LINE.test(text)) {
      for (const match of text.matchAll(new RegExp(`\\b(?:tab|overlay)\\s*(?::|===|!==)\\s*${NAME}`, 'g'))) uses.push({ name: match[1]!, line, kind: 'event' });
      for (const match of text.matchAll(new RegExp(`\\brouteTo\\(${NAME}`, 'g'))) uses.push({ name: match[1]!, line, kind: 'event' });
    }
    for (const match of text.matchAll(new RegExp(`\\bscreenStrings\\(${NAME}\\)`, 'g'))) uses.push({ name: match[1]!, line, kind: 'strings' });
    // A table of panels: an array literal of quoted UPPER_CASE names (and null) of which one is a panel — then all are.
    for (const match of text.matchAll(/\[((?:\s*(?:['"`][A-Z][A-Z_]*['"`]|null)\s*,)+\s*(?:['"`][A-Z][A-Z_]*['"`]|null)\s*,?\s*)\]/g)) {
      const names = [...match[1]!.matchAll(/['"`]([A-Z][A-Z_]*)['"`]/g)].map((name) => name[1]!);
      if (names.some((name) => known.has(name))) uses.push(...names.map((name) => ({ name, line, kind: 'list' as const })));
    }
  });
  return uses;
}

/** The uses in `files` (path → text) of a name missing from the registry or from the screen table. */
export function unknownPanels(files: Record<string, string>, registry: readonly string[], screens: readonly string[]): string[] {
  return Object.entries(files).flatMap(([file, text]) =>
    panelUses(text)
      .filter((use) => !(deliberatelyUnknown[file] ?? []).includes(use.name))
      .flatMap((use) => {
        const missing = [...(registry.includes(use.name) ? [] : ['the registry']), ...(screens.includes(use.name) ? [] : ['the screen table'])];
        return missing.length ? [`${file}:${use.line} ${use.kind} ${use.name}: not in ${missing.join(' nor ')}`] : [];
      }),
  );
}

const registry: readonly string[] = panelNames;
const screens = Object.keys(panelViews);
/** Any name of either table: what makes an array literal a table of panels. */
const known = new Set([...registry, ...screens]);

/** Tests that name a panel the wallet does not have on purpose, to see it refused. */
const deliberatelyUnknown: Record<string, readonly string[]> = {
  'tests/unit/panel-location.test.ts': ['NOPE', 'MENU'],
  'tests/web/loader.test.tsx': ['NOPE'],
  // This file's own mutation of a real link.
  'tests/machines/flow-registry-panels.test.ts': ['TICKETS'],
};

function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return /\.(ts|tsx|js|mjs|md|html)$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => sourceFiles(join(path, name)));
}

const repository = Object.fromEntries(
  ['machines', 'src', 'tests', 'scripts', 'docs', 'README.md', 'index.html']
    .flatMap((entry) => sourceFiles(join(root, entry)))
    .map((file) => [relative(root, file), readFileSync(file, 'utf8')]),
);
const fixture = readFileSync(join(root, 'tests/fixtures/panel-uses.txt'), 'utf8');

describe('panel names outside the registry and the screen table', () => {
  it('has the same panels in both tables, and HUB tiles only for panels of both', () => {
    expect([...screens].sort()).toEqual([...registry].sort());
    expect(hubTiles.map((tile) => tile.tab).filter((tab) => !registry.includes(tab) || !screens.includes(tab))).toEqual([]);
  });

  it('finds each kind of use in the fixture, and nothing on its lines about other tabs', () => {
    const found = panelUses(fixture).map((use) => `${use.kind} ${use.name}`);
    expect(found).toEqual([
      'link HISTORY',
      'link HUB',
      'link TICKET',
      'link SWAP',
      'link GIFT',
      'event HISTORY',
      'event QR',
      'event HUB',
      'event LOGIN',
      'strings HISTORY',
      'list LOGIN',
      'list OTP',
      'list HISTROY',
    ]);
  });

  it("fails on the fixture's misspelt panel, and on a panel missing from either table", () => {
    expect(unknownPanels({ 'fixture.txt': fixture }, registry, screens)).toEqual(['fixture.txt:12 list HISTROY: not in the registry nor the screen table']);
    const withoutHistory = (names: readonly string[]) => names.filter((name) => name !== 'HISTORY');
    expect(unknownPanels({ 'fixture.txt': fixture }, withoutHistory(registry), screens)).toContain('fixture.txt:2 link HISTORY: not in the registry');
    expect(unknownPanels({ 'fixture.txt': fixture }, registry, withoutHistory(screens))).toContain('fixture.txt:10 strings HISTORY: not in the screen table');
  });

  it('fails when a real file is mutated to name a panel neither table has', () => {
    const mutate = (file: string, from: string, to: string) => {
      const text = repository[file]!;
      expect(text, `${file} names ${from}`).toContain(from);
      return unknownPanels({ [file]: text.replace(from, to) }, registry, screens);
    };
    // The ticket page's Transfer history button, the HUB's link in a mail, a test's table of tabs.
    expect(mutate('src/web/screens/ticket-screen.tsx', "tab: 'HISTORY'", "tab: 'HISTORIES'")).toEqual([
      expect.stringMatching(/^src\/web\/screens\/ticket-screen\.tsx:\d+ event HISTORIES: not in the registry nor the screen table$/),
    ]);
    expect(mutate('src/server/modules/flow-mail.ts', 'PANEL_TAB=TICKET', 'PANEL_TAB=TICKETS')).toEqual([
      expect.stringMatching(/flow-mail\.ts:\d+ link TICKETS: not in/),
    ]);
    expect(mutate('tests/unit/panel-location.test.ts', "'REDEEM', ", "'REDEEM', 'WALLET', ")).toEqual([expect.stringMatching(/list WALLET: not in/)]);
  });

  it('is clean in machines/, src/, tests/, scripts/, docs/ and the README', () => {
    // Not blind: the repository names panels in every one of these ways, and names every panel somewhere.
    const uses = Object.values(repository).flatMap((text) => panelUses(text));
    expect(new Set(uses.map((use) => use.kind))).toEqual(new Set(['link', 'event', 'strings', 'list']));
    expect(registry.filter((name) => !uses.some((use) => use.name === name))).toEqual([]);
    expect(unknownPanels(repository, registry, screens)).toEqual([]);
  });
});
