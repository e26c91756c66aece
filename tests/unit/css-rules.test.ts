// The wallet's stylesheets (src/**/*.css, one beside each component or screen): each selector is styled in one file,
// no rule is a copy of another, the card surface and the icon tile are declared once (card.css, icons.css), and no
// file hand-writes a vendor prefix that the build (lightningcss) generates itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Rule {
  file: string;
  /** The enclosing at-rules, e.g. "@media (min-width: 481px)"; '' at the top level. */
  context: string;
  selector: string;
  declarations: Map<string, string>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Splits `text` at top-level `separator`s, outside strings and parentheses (data: URLs hold ';' and ','). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The index of the `}` closing the block opened at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces after offset ${open}`);
}

function parse(file: string, css: string, context = ''): Rule[] {
  const rules: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let index = 0;
  for (;;) {
    const open = text.indexOf('{', index);
    if (open < 0) break;
    const prelude = text.slice(index, open).trim().replace(/\s+/g, ' ');
    const end = blockEnd(text, open);
    const body = text.slice(open + 1, end);
    if (prelude.startsWith('@keyframes')) {
      // Frames are not selectors.
    } else if (prelude.startsWith('@')) {
      rules.push(...parse(file, body, `${context} ${prelude}`.trim()));
    } else {
      const declarations = new Map<string, string>();
      for (const declaration of splitTopLevel(body, ';')) {
        const colon = declaration.indexOf(':');
        declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim().replace(/\s+/g, ' '));
      }
      for (const selector of splitTopLevel(prelude, ',')) rules.push({ file, context, selector, declarations });
    }
    index = end + 1;
  }
  return rules;
}

// The visualiser is a page of its own (own build target, not inside the wallet's shadow root on a host page), so its
// page-level selectors and rem sizes follow that page, not these rules.
const rules = cssFiles(join(root, 'src'))
  .filter((path) => !relative(root, path).startsWith(join('src', 'visualizer')))
  .flatMap((path) => parse(relative(root, path), readFileSync(path, 'utf8')));
const where = (rule: Rule) => `${rule.file}: ${rule.context ? `${rule.context} ` : ''}${rule.selector}`;

describe('the stylesheets', () => {
  it('are found and parsed', () => {
    expect(new Set(rules.map((rule) => rule.file)).size).toBeGreaterThan(20);
    expect(rules.find((rule) => rule.selector === '.tw-card')?.file).toBe('src/web/components/card.css');
  });

  it('style each selector in one file only (a modifier or a selector in context is a selector of its own)', () => {
    const files = new Map<string, Set<string>>();
    for (const rule of rules) {
      const key = `${rule.context} ${rule.selector}`;
      files.set(key, (files.get(key) ?? new Set()).add(rule.file));
    }
    const shared = [...files].filter(([, owners]) => owners.size > 1).map(([key, owners]) => `${key.trim()}: ${[...owners].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('copy no rule: no two rules share the same declarations (five or more; fewer are layout coincidences)', () => {
    const blocks = new Map<string, Rule[]>();
    for (const rule of rules) {
      if (rule.declarations.size < 5) continue;
      // The demo site's pages (src/host) and the wallet are separate documents that share no stylesheet: a rule can
      // only be shared within one of them.
      const realm = rule.file.startsWith('src/host/') ? 'site' : 'wallet';
      const key = `${realm} ${[...rule.declarations].map(([property, value]) => `${property}: ${value}`).sort().join('; ')}`;
      blocks.set(key, [...(blocks.get(key) ?? []), rule]);
    }
    // One rule with a selector list is one block, not a copy.
    const copies = [...blocks.values()].filter((same) => new Set(same.map((rule) => rule.declarations)).size > 1);
    expect(copies.map((same) => same.map(where))).toEqual([]);
  });

  it('declare the card surface in card.css only: everything else that looks like a card is a .tw-card', () => {
    const surfaces = rules.filter(
      (rule) =>
        rule.declarations.get('border-radius') === 'var(--tw-radius-lg)' &&
        rule.declarations.get('background') === 'var(--tw-surface)',
    );
    expect(surfaces.length).toBeGreaterThan(0);
    // The loader's frame (src/embed/frame-preview.css) draws a card before the app's styles exist: its one copy.
    const allowed = ['src/web/components/card.css', 'src/embed/frame-preview.css'];
    expect(surfaces.filter((rule) => !allowed.includes(rule.file)).map(where)).toEqual([]);
  });

  it('declare the icon tile in icons.css only: a sized, filled square centring an icon is a .tw-icon-tile', () => {
    const filled = (value: string | undefined) => value !== undefined && !['none', 'transparent'].includes(value);
    const tiles = rules.filter(
      (rule) =>
        rule.declarations.get('place-items') === 'center' &&
        rule.declarations.has('width') &&
        rule.declarations.has('height') &&
        filled(rule.declarations.get('background')),
    );
    expect(tiles.length).toBeGreaterThan(0);
    // The demo site's pages cannot use the wallet's .tw-icon-tile (its styles live in the wallet's shadow root).
    const wallet = tiles.filter((rule) => !rule.file.startsWith('src/host/'));
    expect(wallet.filter((rule) => rule.file !== 'src/web/components/icons.css').map(where)).toEqual([]);
  });

  it('leave vendor prefixes to the build, which adds them for the browser targets (both forms by hand lose one)', () => {
    const generated = ['-webkit-backdrop-filter', '-webkit-user-select', '-moz-user-select', '-webkit-appearance', '-moz-appearance', '-webkit-mask', '-webkit-clip-path', '-webkit-transition', '-webkit-transform', '-webkit-animation'];
    const prefixed = rules.flatMap((rule) => [...rule.declarations.keys()].filter((property) => generated.some((name) => property.startsWith(name))).map((property) => `${where(rule)} ${property}`));
    expect(prefixed).toEqual([]);
  });

  it('size in px, never rem (rem follows the host page’s root font size)', () => {
    const rem = rules.flatMap((rule) => [...rule.declarations].filter(([, value]) => /\d(\.\d+)?rem\b/.test(value)).map(([property]) => `${where(rule)} ${property}`));
    expect(rem).toEqual([]);
  });
});
