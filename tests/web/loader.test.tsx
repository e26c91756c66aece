// The loader (dist/embed.js): the plain launcher, identical to the app's, and the app bundle loaded only when the
// wallet opens — a panel parameter at start or after back/forward, a click, or window.TicketWallet.open() —
// mounted once into the loader's shadow root; a failed load restores the launcher with a message.
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOST_TAG } from '../../src/embed/host';
import { startLoader, type TicketWalletApi } from '../../src/embed/loader';
import type { AppReadyDetail } from '../../src/embed/host';
import type { MountedWallet } from '../../src/embed/mount';
import launcherCss from 'bundle-text:../../src/web/launcher.css';
import { stylesOf } from '../../src/web/style-sheets';
import { tokensCss } from '../../src/web/tokens-css';

/** A loadApp that counts loads and mounts, can fail its first loads and can be held until released. */
function appLoader({ failures = 0, held = false } = {}) {
  const calls = { load: 0, mount: 0 };
  let release: () => void = () => {};
  const gate = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  let resolveMounted: (mounted: MountedWallet) => void = () => {};
  const mounted = new Promise<MountedWallet>((resolve) => (resolveMounted = resolve));
  const loadApp = async (): Promise<AppReadyDetail> => {
    calls.load += 1;
    await gate;
    if (calls.load <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    const app = await import('../../src/embed/mount');
    return {
      mountWallet: async (...args: Parameters<AppReadyDetail['mountWallet']>) => {
        calls.mount += 1;
        const wallet = await app.mountWallet(...args);
        resolveMounted(wallet);
        return wallet;
      },
    };
  };
  return { loadApp, calls, mounted, release };
}

let cleanups: Array<() => Promise<void>> = [];

/** Starts a loader at `url`; after the test it is opened (so it stops listening to popstate) and unmounted. */
function start(url: string, loader = appLoader(), data: Record<string, string> = {}) {
  window.history.replaceState(null, '', url);
  const script = document.createElement('script');
  script.src = `${window.location.origin}/embed.js`;
  Object.assign(script.dataset, data);
  const api: TicketWalletApi = startLoader({ script, loadApp: loader.loadApp });
  cleanups.push(async () => {
    loader.release();
    await act(() => api.open().catch(() => {}));
    const wallet = await loader.mounted;
    act(() => wallet.unmount());
  });
  const shadow = () => document.querySelector(HOST_TAG)!.shadowRoot!;
  return { api, loader, shadow, view: () => within(shadow() as unknown as HTMLElement) };
}

afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
  window.history.replaceState(null, '', '/');
});

describe('the loader', () => {
  it('draws the launcher without loading the app, and it looks exactly like the app’s own', async () => {
    const { loader, shadow } = start('/en/events');
    const plain = shadow().querySelector('.tw-launcher')!;
    expect(plain.textContent).toBe('My tickets');
    expect(loader.calls.load).toBe(0);
    // The launcher's styles are the tokens and its own rules, adopted by the shadow root.
    const style = stylesOf(shadow());
    expect(style).toContain('--tw-bg');
    expect(style).toContain('.tw-launcher');
    expect(tokensCss).toContain('--tw-bg');
    expect(launcherCss).toContain('.tw-launcher');

    // The app's shell, closed, draws its launcher into its own host: the same element, icon, text and root.
    const { mountWallet } = await import('../../src/embed/mount');
    const appHost = document.body.appendChild(document.createElement('div'));
    let app: MountedWallet | undefined;
    await act(async () => {
      app = await mountWallet({ apiBase: window.location.origin }, appHost, { tokens: tokensCss, launcher: launcherCss });
    });
    try {
      const drawn = app!.shadow.querySelector('.tw-launcher')!;
      expect(plain.outerHTML).toBe(drawn.outerHTML);
      const plainRoot = plain.closest('.tw-root')!;
      const appRoot = drawn.closest('.tw-root')!;
      expect([plainRoot.getAttribute('data-theme'), plainRoot.getAttribute('lang')]).toEqual([
        appRoot.getAttribute('data-theme'),
        appRoot.getAttribute('lang'),
      ]);
    } finally {
      act(() => app!.unmount());
      appHost.remove();
    }
  });

  it('speaks the language of the path', () => {
    const { shadow } = start('/es/eventos');
    expect(shadow().querySelector('.tw-launcher')!.textContent).toBe('Mis entradas');
    expect(shadow().querySelector('.tw-root')!.getAttribute('lang')).toBe('es');
  });

  it('starts fetching the app on hover, focus or touch, but mounts it only on a click', async () => {
    const { loader, shadow } = start('/en/');
    const button = shadow().querySelector<HTMLButtonElement>('.tw-launcher')!;
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    await waitFor(() => expect(loader.calls.load).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loader.calls.mount).toBe(0);
    expect(shadow().querySelector('.tw-launcher')).toBe(button);
  });

  it('on a click shows the loading state, then opens sign-in for a signed-out person, mounted once', async () => {
    const { loader, shadow, view } = start('/en/', appLoader({ held: true }));
    const button = shadow().querySelector<HTMLButtonElement>('.tw-launcher')!;
    fireEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    await act(async () => {
      loader.release();
      await loader.mounted;
    });
    expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('PANEL_TAB')).toBe('LOGIN');
    expect(loader.calls).toEqual({ load: 1, mount: 1 });
    // The app replaced the plain launcher in the same shadow root: one root, its styles adopted (no <style> left).
    expect(shadow().querySelectorAll('style')).toHaveLength(0);
    expect(stylesOf(shadow())).toContain('.tw-panel');
    expect(shadow().querySelectorAll('.tw-root')).toHaveLength(1);
  });

  it('draws the wallet frame with the opening panel\'s title at once, while the app downloads', async () => {
    const { loader, shadow } = start('/es/?PANEL_TAB=login', appLoader({ held: true }));
    await waitFor(() => expect(shadow().querySelector('.tw-preview')).not.toBeNull());
    const frame = shadow().querySelector<HTMLElement>('.tw-preview')!;
    expect(frame.getAttribute('role')).toBe('dialog');
    expect(frame.getAttribute('aria-busy')).toBe('true');
    expect(frame.querySelector('h1')?.textContent).toBe('Inicia sesión o crea una cuenta');
    expect(frame.querySelector('.tw-preview__subtitle')?.textContent).toMatch(/código de seis dígitos/);
    expect(shadow().querySelector<HTMLElement>('.tw-launcher')!.hidden).toBe(true);
    expect(stylesOf(shadow())).toContain('.tw-preview');
    await act(async () => {
      loader.release();
      await loader.mounted;
    });
    // The app drew the real panel and the frame is gone, in the same frame.
    expect(shadow().querySelector('.tw-preview')).toBeNull();
    expect(shadow().querySelector('.tw-panel h1')?.textContent).toBe('Inicia sesión o crea una cuenta');
  });

  it("writes sign-in's words into the frame only when the wallet opens on sign-in", async () => {
    window.localStorage.setItem('tw.accessToken', 'a');
    window.localStorage.setItem('tw.refreshToken', 'r');
    try {
      const { shadow } = start('/en/', appLoader({ held: true }));
      fireEvent.click(shadow().querySelector<HTMLButtonElement>('.tw-launcher')!);
      await waitFor(() => expect(shadow().querySelector('.tw-preview')).not.toBeNull());
      expect(shadow().querySelector('.tw-preview h1')).toBeNull();
      expect(shadow().querySelectorAll('.tw-preview__bar')).toHaveLength(2);
    } finally {
      window.localStorage.clear();
    }
  });

  it('takes the frame away and brings the launcher back with the message when the app cannot load', async () => {
    const { shadow } = start('/en/?PANEL_TAB=QR', appLoader({ failures: 1 }));
    await waitFor(() => expect(shadow().querySelector('.tw-launcher-error')?.hasAttribute('hidden')).toBe(false));
    expect(shadow().querySelector('.tw-preview')).toBeNull();
    expect(shadow().querySelector<HTMLElement>('.tw-launcher')!.hidden).toBe(false);
  });

  it('loads the app at once when the URL opens a panel (parameter names in any case)', async () => {
    const { loader, view } = start('/en/?panel_tab=login');
    expect(loader.calls.load).toBe(1);
    await act(() => loader.mounted);
    expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
  });

  it('loads the app when back/forward brings a panel parameter', async () => {
    const { loader, view } = start('/en/');
    window.history.pushState(null, '', '/en/?PANEL_TAB=LOGIN');
    expect(loader.calls.load).toBe(0);
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await loader.mounted;
    });
    expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
  });

  it('restores the launcher with a message when the app cannot load, and a second click tries again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { loader, shadow, view } = start('/en/', appLoader({ failures: 1 }));
      const button = shadow().querySelector<HTMLButtonElement>('.tw-launcher')!;
      fireEvent.click(button);
      expect(await view().findByRole('alert')).toHaveProperty('textContent', 'The wallet could not load. Please try again.');
      expect(button.hasAttribute('aria-busy')).toBe(false);
      expect(consoleError).toHaveBeenCalledWith('Ticket Wallet: the wallet could not load', expect.any(TypeError));

      await act(async () => {
        fireEvent.click(button);
        await loader.mounted;
      });
      expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
      expect(loader.calls).toEqual({ load: 2, mount: 1 });
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows the launcher with the message when a panel URL cannot load the app', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { view } = start('/es/?PANEL_TAB=LOGIN', appLoader({ failures: 1 }));
      expect(await view().findByRole('alert')).toHaveProperty('textContent', 'No se pudo cargar la cartera. Inténtalo de nuevo.');
      expect(view().getByRole('button', { name: 'Mis entradas' })).toBeTruthy();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('window.TicketWallet.open', () => {
  it('opens a panel by name, loading the app once, and opens another panel later', async () => {
    const { api, loader, view } = start('/en/');
    await act(() => api.open({ tab: 'login' }));
    expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('PANEL_TAB')).toBe('LOGIN');

    // A protected panel for a signed-out person: the panel guard keeps sign-in.
    await act(() => api.open({ tab: 'MY_TICKET' }));
    expect(new URLSearchParams(window.location.search).get('PANEL_TAB')).toBe('LOGIN');
    expect(loader.calls).toEqual({ load: 1, mount: 1 });
  });

  it('without options opens what the launcher opens', async () => {
    const { api, view } = start('/en/');
    await act(() => api.open());
    expect(await view().findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
  });

  it('refuses a tab the wallet does not have, without loading anything', async () => {
    const { api, loader } = start('/en/');
    await expect(api.open({ tab: 'NOPE' })).rejects.toThrow('TicketWallet.open: unknown tab "NOPE"');
    expect(loader.calls.load).toBe(0);
  });

  it('rejects and shows the message when the app cannot load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { api, view } = start('/en/', appLoader({ failures: 1 }));
      await expect(api.open()).rejects.toThrow(TypeError);
      expect(await view().findByRole('alert')).toHaveProperty('textContent', 'The wallet could not load. Please try again.');
    } finally {
      consoleError.mockRestore();
    }
  });
});
