// The shell loads each panel's screen and its flow's machine when the panel opens: a skeleton of the panel while they
// download, a message with Try again when a download fails, the screen once both are here. The other web tests load
// every chunk up front (setup.ts), so each test here works on fresh copies of the modules, the sign-in screen's and
// the sign-in flow's chunks held back until the test answers them.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RenderedWallet, renderWallet } from './render-wallet';

type Outcome = 'arrives' | 'fails';
type Chunk = 'screen' | 'flow';

/** Downloads waiting for the test, per chunk. */
const downloads: Record<Chunk, Array<(outcome: Outcome) => void>> = { screen: [], flow: [] };
const held = (chunk: Chunk) => async (importOriginal: () => Promise<unknown>) => {
  const outcome = await new Promise<Outcome>((answer) => downloads[chunk].push(answer));
  if (outcome === 'fails') throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
};

const server = setupServer();
const rendered: RenderedWallet[] = [];
let freshRender: typeof renderWallet;

const render = (url: string) => {
  const wallet = freshRender(url);
  rendered.push(wallet);
  return wallet;
};

async function answer(chunk: Chunk, outcome: Outcome) {
  await waitFor(() => expect(downloads[chunk].length, `${chunk} download`).toBeGreaterThan(0));
  await act(async () => downloads[chunk].shift()!(outcome));
}

const heading = () => screen.queryByRole('heading', { name: 'Sign in or create an account' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// After setup.ts has loaded every chunk: fresh modules for each test, with the sign-in chunks held back.
beforeEach(async () => {
  vi.resetModules();
  vi.doMock('../../src/web/screens/login-screen', held('screen'));
  vi.doMock('../../machines/login', held('flow'));
  ({ renderWallet: freshRender } = await import('./render-wallet'));
});
afterEach(() => {
  for (const wallet of rendered.splice(0)) act(() => wallet.unmount());
  downloads.screen.length = 0;
  downloads.flow.length = 0;
});
afterAll(() => {
  server.close();
  vi.doUnmock('../../src/web/screens/login-screen');
  vi.doUnmock('../../machines/login');
});

describe('a panel loads its screen and its flow when it opens', () => {
  it('shows the skeleton, then Try again after the screen failed to download, then the screen, once', async () => {
    render('/en/?PANEL_TAB=LOGIN');
    const panel = await screen.findByRole('dialog', { name: 'Ticket Wallet' });
    // The frame is there at once; the screen's place holds a skeleton, announced as busy.
    expect(panel.querySelector('.tw-header')).toBeTruthy();
    expect(panel.querySelector('.tw-main [aria-busy="true"]')).toBeTruthy();
    expect(heading()).toBeNull();

    await answer('flow', 'arrives');
    expect(heading()).toBeNull();
    await answer('screen', 'fails');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be downloaded');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await answer('screen', 'arrives');
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail')).toBeTruthy();

    // Once here, neither is downloaded again: the panel opens with its screen at once.
    act(() => rendered.pop()!.unmount());
    render('/en/?PANEL_TAB=LOGIN');
    expect(heading()).toBeTruthy();
    expect(downloads).toEqual({ screen: [], flow: [] });
  });

  it('shows Try again when the flow failed to download, and starts the flow when it arrives', async () => {
    const { wallet } = render('/en/?PANEL_TAB=LOGIN');
    await answer('screen', 'arrives');
    await answer('flow', 'fails');
    expect((await screen.findByRole('alert')).textContent).toContain('could not be downloaded');
    expect(wallet.getSnapshot().children.login).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await answer('flow', 'arrives');
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(wallet.getSnapshot().children.login).toBeDefined();
  });

  it('shows "Something went wrong" when the flow crashes, and Try again starts it anew', async () => {
    // A sign-in flow with a bug: typing the first time throws (once).
    let crashes = 1;
    vi.resetModules();
    vi.doUnmock('../../src/web/screens/login-screen');
    vi.doMock('../../machines/login', async (importOriginal: () => Promise<typeof import('../../machines/login')>) => {
      const original = await importOriginal();
      const loginMachine = original.loginMachine.provide({
        actions: {
          changeField: () => {
            if (crashes-- > 0) throw new Error('a bug in the sign-in flow');
          },
        },
      });
      return { ...original, loginMachine };
    });
    ({ renderWallet: freshRender } = await import('./render-wallet'));
    const { wallet } = render('/en/?PANEL_TAB=LOGIN');
    const email = await screen.findByLabelText('E-mail');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => fireEvent.change(email, { target: { value: 'ada@example.com' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(wallet.getSnapshot().children.login).toBeUndefined();
    expect(heading()).toBeNull();
    logged.mockRestore();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(wallet.getSnapshot().children.login).toBeDefined();
  });

  it('loads the toasts with the first one (the frame machine downloads them)', async () => {
    const { wallet } = render('/en/?PANEL_TAB=LOGIN');
    await answer('flow', 'arrives');
    await answer('screen', 'arrives');
    await screen.findByRole('heading', { name: 'Sign in or create an account' });
    expect(document.querySelector('.tw-toaster')).toBeNull();
    expect(wallet.getSnapshot().children.frame?.getSnapshot().matches({ toasts: 'ready' })).toBe(false);
    act(() => wallet.send({ type: 'notify', kind: 'error', key: 'request_failed' }));
    expect((await screen.findByRole('status')).textContent).toContain('Request failed');
    expect(document.querySelector('.tw-toaster')).toBeTruthy();
  });
});
