// Every text colour of the palette reads at WCAG AA (4.5:1) on every surface it can sit on, in both themes
// (src/web/styles/tokens.css). axe sees only what a test screen shows; this covers the palette itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/web/styles/tokens.css', import.meta.url), 'utf8');

/** The `--tw-*` hex colours of the first block whose selector matches. */
function palette(selector: RegExp): Record<string, string> {
  const block = css.slice(css.search(selector));
  const body = block.slice(block.indexOf('{') + 1, block.indexOf('}'));
  return Object.fromEntries([...body.matchAll(/--tw-([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((match) => [match[1]!, match[2]!]));
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const themes = { light: palette(/\.tw-root\s*\{/), dark: palette(/\.tw-root\[data-theme='dark'\]\s*\{/) };
const texts = ['fg', 'muted', 'subtle', 'primary', 'danger', 'success'];
const surfaces = ['bg', 'surface', 'surface-2', 'surface-3'];

describe('the palette', () => {
  it('has the text and surface colours in both themes', () => {
    for (const colours of Object.values(themes)) for (const name of [...texts, ...surfaces]) expect(colours[name], name).toMatch(/^#/);
  });

  it.each(Object.entries(themes))('%s: every text colour is at least 4.5:1 on every surface', (_, colours) => {
    for (const text of texts) {
      for (const surface of surfaces) {
        expect(contrast(colours[text]!, colours[surface]!), `${text} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#8a91a3', '#ffffff')).toBeCloseTo(3.15, 2);
  });
});
