// The closed wallet before the app bundle exists: the same "My tickets" button as the app's shell draws (same
// element, classes, icon and text, same CSS), in plain DOM, plus the loader's busy state and load error.
import type { Language } from '../contract/languages';
import launcherCss from 'bundle-text:../web/launcher.css';
import { applyStyles } from '../web/style-sheets';
import { tokensCss } from '../web/tokens-css';
import launcherStatusCss from 'bundle-text:./launcher-status.css';
import framePreviewCss from 'bundle-text:./frame-preview.css';
import { DARK_QUERY, readThemeSetting, resolveTheme, systemPrefersDark } from '../web/theme-setting';
import { iconPath } from '../web/components/icon-paths' with { type: 'macro' };
import type { LauncherText } from './launcher-text';
import { launcherText } from './launcher-text' with { type: 'macro' };

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The wallet icon exactly as <Icon name="wallet" size={20} /> renders it. */
function walletIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attributes: Record<string, string> = {
    width: '20',
    height: '20',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '1.8',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  const path = svg.appendChild(document.createElementNS(SVG_NS, 'path'));
  path.setAttribute('d', iconPath('wallet'));
  return svg;
}

export interface PlainLauncher {
  button: HTMLButtonElement;
  isBusy(): boolean;
  setBusy(busy: boolean): void;
  /**
   * Draws the wallet's frame over the page while the app downloads: its header and a skeleton of the panel, with
   * sign-in's title and subtitle when it opens on sign-in, so the panel appears at once (the app replaces it in one
   * frame).
   */
  showFrame(signIn: boolean, siteName: string | undefined): void;
  /** Takes the frame away and restores the button, and says, next to it, that the wallet could not load. */
  showError(): void;
  /** Stops following the operating system's colour scheme (the app has replaced the launcher). */
  dispose(): void;
}

export interface LauncherHandlers {
  onOpen: () => void;
  /** Hover, focus or touch: the person may be about to click, so the app can start loading. */
  onIntent: () => void;
}

/** Draws the launcher into `shadow`, replacing what is there. */
export function renderLauncher(shadow: ShadowRoot, language: Language, handlers: LauncherHandlers, nonce?: string): PlainLauncher {
  const text = launcherText()[language];

  const root = document.createElement('div');
  root.className = 'tw-root';
  root.lang = language;
  const paintTheme = () => root.setAttribute('data-theme', resolveTheme(readThemeSetting(), systemPrefersDark()));
  paintTheme();
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
  media?.addEventListener('change', paintTheme);

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tw-launcher';
  const label = document.createElement('span');
  label.textContent = text.open;
  button.append(walletIcon(), label);
  button.addEventListener('click', handlers.onOpen);
  for (const intent of ['pointerenter', 'focus', 'touchstart'] as const) {
    button.addEventListener(intent, handlers.onIntent, { passive: true });
  }

  const error = document.createElement('p');
  error.className = 'tw-launcher-error';
  error.setAttribute('role', 'alert');
  error.hidden = true;

  root.append(button, error);
  shadow.replaceChildren(root);
  if ('adoptedStyleSheets' in shadow) shadow.adoptedStyleSheets = [];
  // The app's own sheets (tokens, and the launcher its shell draws), then the loader's busy, error and frame.
  for (const css of [tokensCss, launcherCss, launcherStatusCss, framePreviewCss]) applyStyles(shadow, css, nonce);
  let frame: HTMLElement | undefined;

  return {
    button,
    isBusy: () => button.getAttribute('aria-busy') === 'true',
    setBusy(busy) {
      if (busy) {
        button.setAttribute('aria-busy', 'true');
        error.hidden = true;
      } else {
        button.removeAttribute('aria-busy');
      }
    },
    showFrame(signIn, siteName) {
      frame?.remove();
      frame = framePreview(text, signIn, siteName ?? text.appName);
      root.append(frame);
      button.hidden = true;
    },
    showError() {
      frame?.remove();
      frame = undefined;
      button.hidden = false;
      button.removeAttribute('aria-busy');
      error.textContent = text.loadFailed;
      error.hidden = false;
    },
    dispose: () => media?.removeEventListener('change', paintTheme),
  };
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The frame: a busy dialog named after the site, its header, and a card with a skeleton (and sign-in's words). */
function framePreview(text: LauncherText, signIn: boolean, siteName: string): HTMLElement {
  const frame = element('div', 'tw-preview');
  frame.setAttribute('role', 'dialog');
  frame.setAttribute('aria-modal', 'true');
  frame.setAttribute('aria-label', siteName);
  frame.setAttribute('aria-busy', 'true');
  const rule = frame.appendChild(element('div', 'tw-preview__rule'));
  rule.append(element('div', 'tw-preview__header', siteName));
  const main = frame.appendChild(element('div', 'tw-preview__main'));
  // Sign-in has a Back link above its card: its place is kept, so the card does not move when the app arrives.
  if (signIn) main.append(element('span', 'tw-preview__back'));
  const card = main.appendChild(element('div', 'tw-preview__card'));
  if (signIn) card.append(element('h1', 'tw-preview__title', text.loginTitle), element('p', 'tw-preview__subtitle', text.loginSubtitle));
  card.append(element('span', 'tw-preview__bar'), element('span', 'tw-preview__bar'));
  return frame;
}
