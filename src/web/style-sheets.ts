// The wallet's CSS lives beside each component (`import css from 'bundle-text:./button.css'`, minified by Parcel)
// and is registered when the component's module first runs, so a screen's styles arrive with its chunk. Every
// shadow root the wallet draws into adopts each registered sheet, in registration order (a component's own rules
// come after the shared ones it imports): as a constructable stylesheet, which a host page's style-src CSP does
// not block, or, where the browser lacks those, as a <style> element carrying the embed script's nonce.
// The tokens sheet (src/web/tokens-css.ts) comes from the loader when the app mounts: registerTokens puts it first.

const registered: string[] = [];
const listeners = new Set<(css: string) => void>();

/** Adds a stylesheet to the wallet (once, however often it is registered). */
export function registerStyles(css: string): void {
  if (registered.includes(css)) return;
  registered.push(css);
  for (const listener of listeners) listener(css);
}

/** The palette, reset and motion every other sheet builds on: first in every root (once, however often it comes). */
export function registerTokens(css: string): void {
  if (registered[0] === css) return;
  const known = registered.indexOf(css);
  if (known > 0) registered.splice(known, 1);
  registered.unshift(css);
  for (const listener of listeners) listener(css);
}

/** The registered stylesheets, in order (tests, and the loader's first paint). */
export function registeredStyles(): readonly string[] {
  return registered;
}

const constructed = new Map<string, CSSStyleSheet>();

function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype;
}

/** One CSSStyleSheet per stylesheet, shared by every root of the document. */
function sheetOf(css: string): CSSStyleSheet {
  let sheet = constructed.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    constructed.set(css, sheet);
  }
  return sheet;
}

/** Adds one stylesheet to `root`, after those it has: constructable where possible, else a nonced <style>. */
export function applyStyles(root: ShadowRoot, css: string, nonce?: string): void {
  if (supportsAdoptedSheets(root)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheetOf(css)];
    return;
  }
  const style = document.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  style.dataset.twStyle = '';
  // After the styles already there, before the wallet's content.
  const last = [...root.querySelectorAll('style[data-tw-style]')].at(-1);
  if (last) last.after(style);
  else root.prepend(style);
}

/** Everything the styles of `root` say, adopted or in <style> elements (tests and checks). */
export function stylesOf(root: ShadowRoot): string {
  const adopted = 'adoptedStyleSheets' in root ? root.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n')) : [];
  const inline = [...root.querySelectorAll('style')].map((style) => style.textContent ?? '');
  return [...adopted, ...inline].join('\n');
}

/** Applies every registered stylesheet to `root`, now and as more register; answers the function that stops. */
export function adoptStyles(root: ShadowRoot, options: { nonce?: string | undefined } = {}): () => void {
  const adopt = (css: string) => applyStyles(root, css, options.nonce);
  for (const css of registered) adopt(css);
  listeners.add(adopt);
  return () => void listeners.delete(adopt);
}
