// The open wallet is a modal dialog: the focus goes in when a panel opens (a single form's first field, otherwise the
// heading), Tab stays inside, Escape closes the HUB first and then the wallet, a visible button closes it, and the
// focus goes back to the launcher that opened it. (tests/e2e/keyboard.test.ts walks the same in Chromium.)
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests({ fakeTimeouts: true });

const walletDialog = () => screen.getByRole('dialog', { name: 'Ticket Wallet' });

function signedIn(url: string) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim', nickname: 'alex' } });
  server.use(...api.handlers, ...ticketsApi().handlers);
  return render(url, api.signedInStorage('alex@example.com'));
}

describe('the wallet as a modal dialog', () => {
  it('opens from the launcher onto the sign-in field, and Escape closes it back onto the launcher', async () => {
    render('/en/');
    const launcher = screen.getByRole('button', { name: 'My tickets' });
    launcher.focus();
    fireEvent.click(launcher);
    const email = await screen.findByRole('textbox', { name: /e-mail/i });
    await waitFor(() => expect(document.activeElement).toBe(email));

    fireEvent.keyDown(email, { key: 'Escape' });
    const back = await screen.findByRole('button', { name: 'My tickets' });
    await waitFor(() => expect(document.activeElement).toBe(back));
  });

  it('keeps Tab inside: from the last control to the first and back with Shift+Tab', async () => {
    render('/en/?PANEL_TAB=LOGIN');
    await screen.findByRole('textbox', { name: /e-mail/i });
    const user = userEvent.setup({ advanceTimers: (ms) => void act(() => vi.advanceTimersByTime(ms)) });
    const controls = [...walletDialog().querySelectorAll<HTMLElement>('button, [href], input, select, textarea')].filter(
      (element) => !element.closest('[inert]') && !element.hasAttribute('disabled') && element.tabIndex >= 0,
    );
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    last.focus();
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it('closes with the visible close button', async () => {
    const { params } = render('/en/?PANEL_TAB=LOGIN');
    fireEvent.click(await screen.findByRole('button', { name: 'Close the wallet' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the focus where it is on a mouse press on the buttons that close (a half-typed field is not left)', async () => {
    render('/en/?PANEL_TAB=LOGIN');
    const close = await screen.findByRole('button', { name: 'Close the wallet' });
    const brand = screen.getByRole('button', { name: 'Close Ticket Wallet' });
    // fireEvent answers false when a handler prevented the default: the press does not move the focus.
    expect(fireEvent.mouseDown(close)).toBe(false);
    expect(fireEvent.mouseDown(brand)).toBe(false);
  });

  it('closes the HUB with the first Escape and the wallet with the second', async () => {
    const { params } = signedIn('/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    await waitFor(() => expect(hub.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull());
    expect(params().get('PANEL_TAB')).toBe('QR');

    const heading = await screen.findByRole('heading', { level: 1, name: 'My QR code' });
    await waitFor(() => expect(walletDialog().contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? heading, { key: 'Escape' });
    await waitFor(() => expect(params().get('PANEL_TAB')).toBeNull());
  });

  it('puts the focus on the heading of the panel a HUB tile opened', async () => {
    signedIn('/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB');
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    const { within } = await import('@testing-library/react');
    fireEvent.click(within(hub).getByRole('button', { name: /^My tickets/ }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'My tickets' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus where it is when the person moves between the passes', async () => {
    signedIn('/en/?PANEL_TAB=QR');
    const nav = await screen.findByRole('navigation', { name: 'Your passes' });
    const tickets = [...nav.querySelectorAll('button')].find((button) => button.textContent?.includes('My tickets'))!;
    tickets.focus();
    fireEvent.click(tickets);
    await screen.findByRole('heading', { level: 1, name: 'My tickets' });
    await act(async () => {});
    expect(document.activeElement?.textContent).toContain('My tickets');
    expect(document.activeElement?.tagName).toBe('BUTTON');
  });
});
