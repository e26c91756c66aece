// The embed: data attributes, the open shadow root with all wallet CSS inside it, modals portalled inside it,
// and the theme setting following the operating system. (The loader in front of it: loader.test.tsx.)
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HOST_TAG } from '../../src/embed/host';
import { type MountedWallet, mountWallet } from '../../src/embed/mount';
import { configFromScript } from '../../src/web/script-config';
import { stylesOf } from '../../src/web/style-sheets';
import { readThemeSetting, resolveTheme, THEME_STORAGE_KEY } from '../../src/web/theme-setting';
import { tokensCss } from '../../src/web/tokens-css';
import launcherCss from 'bundle-text:../../src/web/launcher.css';

function script(src: string, data: Record<string, string> = {}): HTMLScriptElement {
  const element = document.createElement('script');
  element.src = src;
  for (const [name, value] of Object.entries(data)) element.dataset[name] = value;
  return element;
}

describe('configFromScript', () => {
  it('reads the data attributes', () => {
    const config = configFromScript(
      script('https://wallet.example/embed.js', {
        apiBase: 'https://api.example/',
        orgName: 'Spring Fest',
        orgLogo: 'https://cdn.example/logo.png',
        siteUrl: 'https://springfest.example',
      }),
      'https://host.example/en/page',
    );
    expect(config).toEqual({
      apiBase: 'https://api.example',
      orgName: 'Spring Fest',
      orgLogo: 'https://cdn.example/logo.png',
      siteUrl: 'https://springfest.example',
    });
  });

  it('defaults the API to the origin the script came from and blank attributes to nothing', () => {
    const config = configFromScript(script('https://wallet.example/embed.js', { orgName: '  ' }), 'https://host.example/');
    expect(config).toEqual({ apiBase: 'https://wallet.example', orgName: undefined, orgLogo: undefined, siteUrl: undefined });
  });
});

/** Mounting renders with React: inside act(), so the first render and its effects finish before assertions. */
async function mountInAct(): Promise<MountedWallet> {
  let mounted: MountedWallet | undefined;
  await act(async () => {
    mounted = await mountWallet({ apiBase: window.location.origin }, undefined, { tokens: tokensCss, launcher: launcherCss });
  });
  return mounted!;
}

describe('mountWallet', () => {
  it('renders into an open shadow root and keeps every style inside it', async () => {
    const headStyles = document.head.querySelectorAll('style').length;
    const mounted = await mountInAct();
    try {
      expect(mounted.host.tagName.toLowerCase()).toBe(HOST_TAG);
      expect(mounted.host.shadowRoot).toBe(mounted.shadow);
      const style = stylesOf(mounted.shadow);
      expect(style).toContain(':host');
      expect(style).toContain('all: initial');
      expect(style).not.toMatch(/\d+(\.\d+)?rem\b/);
      expect(document.head.querySelectorAll('style').length).toBe(headStyles);

      const shadow = within(mounted.shadow as unknown as HTMLElement);
      fireEvent.click(await shadow.findByRole('button', { name: 'My tickets' }));
      expect(await shadow.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
      expect(document.body.querySelector('.tw-root')).toBeNull();
      expect(mounted.shadow.querySelector('.tw-root .tw-portal')).toBeTruthy();
    } finally {
      act(() => mounted.unmount());
      mounted.host.remove();
    }
  });
});

describe('theme', () => {
  it('follows the system when set to system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('reads the stored setting, with system as the default', () => {
    expect(readThemeSetting()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(readThemeSetting()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemeSetting()).toBe('system');
  });

  it('switches live when the operating system changes its scheme', async () => {
    let dark = false;
    const listeners = new Set<() => void>();
    const original = window.matchMedia;
    window.matchMedia = vi.fn(
      () =>
        ({
          get matches() {
            return dark;
          },
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList,
    );
    const mounted = await mountInAct();
    try {
      const root = () => mounted.shadow.querySelector('.tw-root');
      await waitFor(() => expect(root()?.getAttribute('data-theme')).toBe('light'));
      dark = true;
      act(() => listeners.forEach((listener) => listener()));
      await waitFor(() => expect(root()?.getAttribute('data-theme')).toBe('dark'));
    } finally {
      act(() => mounted.unmount());
      mounted.host.remove();
      window.matchMedia = original;
    }
  });
});
