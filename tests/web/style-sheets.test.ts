// The style registry (src/web/style-sheets.ts): a sheet registers once, in the order its module first ran, after the
// tokens; every shadow root adopts all of them in that order, now and as screens' chunks register more; without
// constructable stylesheets each sheet becomes a <style> carrying the embed script's nonce, before the content.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokensCss } from '../../src/web/tokens-css';

type Registry = typeof import('../../src/web/style-sheets');

const button = '.tw-button { color: red; }';
const screen = '.tw-screen { color: blue; }';
const later = '.tw-later { color: green; }';

let registry: Registry;

beforeEach(async () => {
  // A fresh registry per test: it is module state, filled as modules run.
  vi.resetModules();
  registry = await import('../../src/web/style-sheets');
  // As mountWallet does with the loader's tokens.
  registry.registerTokens(tokensCss);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

function shadowRoot(): ShadowRoot {
  return document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
}

/** Each adopted sheet's text, as the root has it. */
function adoptedTexts(root: ShadowRoot): string[] {
  return root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'));
}

describe('registering', () => {
  it('starts with the tokens, the sheet every other one builds on, even when they come after other sheets', () => {
    expect(registry.registeredStyles()).toEqual([tokensCss]);
    expect(tokensCss).toContain(':host');
    expect(tokensCss).toContain('--tw-bg');
    registry.registerStyles(button);
    registry.registerTokens(tokensCss);
    expect(registry.registeredStyles()).toEqual([tokensCss, button]);
  });

  it('keeps the order in which sheets first register, each once however often it registers', () => {
    registry.registerStyles(button);
    registry.registerStyles(screen);
    registry.registerStyles(button);
    registry.registerStyles(tokensCss);
    expect(registry.registeredStyles()).toEqual([tokensCss, button, screen]);
  });
});

describe('adopting', () => {
  it('gives every root each sheet in order, as one shared constructable stylesheet, and the sheets registered later', () => {
    registry.registerStyles(button);
    const first = shadowRoot();
    const second = shadowRoot();
    const stopFirst = registry.adoptStyles(first);
    registry.adoptStyles(second);
    registry.registerStyles(screen);

    for (const root of [first, second]) {
      expect(root.adoptedStyleSheets).toHaveLength(3);
      const [tokens, ...rest] = adoptedTexts(root);
      expect(tokens).toContain('--tw-bg');
      expect(rest.map((text) => text.replace(/\s+/g, ' '))).toEqual([button, screen]);
      expect(root.querySelectorAll('style')).toHaveLength(0);
    }
    // One CSSStyleSheet per stylesheet, shared by the roots.
    expect(first.adoptedStyleSheets.every((sheet, index) => sheet === second.adoptedStyleSheets[index])).toBe(true);

    // A root that stopped listening keeps what it has and gets nothing new.
    stopFirst();
    registry.registerStyles(later);
    expect(first.adoptedStyleSheets).toHaveLength(3);
    expect(second.adoptedStyleSheets).toHaveLength(4);
    expect(registry.stylesOf(second)).toContain('.tw-later');
  });

  it('falls back to <style> elements carrying the nonce, in order, before the content, without constructable stylesheets', () => {
    vi.stubGlobal('CSSStyleSheet', undefined);
    registry.registerStyles(button);
    const root = shadowRoot();
    const content = root.appendChild(document.createElement('div'));
    registry.adoptStyles(root, { nonce: 'XYZ' });
    registry.registerStyles(screen);

    const styles = [...root.querySelectorAll('style')];
    expect(styles.map((style) => style.textContent)).toEqual([tokensCss, button, screen]);
    expect(styles.map((style) => style.nonce)).toEqual(['XYZ', 'XYZ', 'XYZ']);
    expect(root.lastElementChild).toBe(content);
    expect(root.adoptedStyleSheets).toHaveLength(0);
    expect(registry.stylesOf(root)).toContain('.tw-screen');
  });

  it('adds no nonce when the embed script has none', () => {
    vi.stubGlobal('CSSStyleSheet', undefined);
    const root = shadowRoot();
    registry.adoptStyles(root);
    const [tokens] = root.querySelectorAll('style');
    expect(tokens?.textContent).toBe(tokensCss);
    expect(tokens?.nonce ?? '').toBe('');
    expect(tokens?.hasAttribute('nonce')).toBe(false);
  });
});
