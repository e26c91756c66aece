// The shell around the screens: HUB tiles and profile card, the logout confirmation, closing with the fade,
// header (avatar, get the app, logo), footer (language, theme), toasts and document titles.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showNotification } from '../../src/web/components/toaster';
import { signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();

function startSignedIn(url = '/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB', config = {}) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim', nickname: 'alex' } });
  server.use(...api.handlers, ...ticketsApi().handlers);
  return { api, ...render(url, api.signedInStorage('alex@example.com'), config) };
}

describe('the HUB', () => {
  it('shows the profile card with nickname, muted unique id, e-mail and initials', async () => {
    startSignedIn();
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    await waitFor(() => expect(within(hub).getByText('alex@example.com')).toBeTruthy());
    expect(within(hub).getByText('alex').textContent).toBe('alex#4821');
    expect(within(hub).getByText('#4821').className).toBe('tw-hash');
    expect(hub.querySelector('.tw-avatar')?.textContent).toBe('AK');
  });

  it.each([
    ['My QR code', 'QR'],
    ['My tickets', 'MY_TICKET'],
    ['Gift', 'GIFT'],
    ['Swap', 'SWAP'],
    ['Resell', 'RESELL'],
    ['Redeem a ticket', 'REDEEM'],
    ['Settings', 'SETTINGS'],
  ])('opens %s', async (label, tab) => {
    const { params } = startSignedIn();
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    fireEvent.click(within(hub).getByRole('button', { name: new RegExp(`^${label}`) }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull());
    expect(params().get('PANEL_TAB')).toBe(tab);
    expect(params().get('PANEL_OVERLAY_TAB')).toBeNull();
  });

  it('fades out when closed, then leaves the panel behind it', async () => {
    const { params } = startSignedIn();
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    fireEvent.click(within(hub).getByRole('button', { name: 'Close the menu' }));
    await waitFor(() => expect(hub.getAttribute('data-closing')).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome' })).toBeNull(), { timeout: 1500 });
    expect(params().get('PANEL_OVERLAY_TAB')).toBeNull();
    expect(screen.getByRole('heading', { name: 'My QR code' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Your personal entry QR code' })).toBeTruthy();
    expect(document.title).toBe('My QR code · Ticket Wallet');
  });

  it('takes the focus onto its heading when it opens and closes with Escape', async () => {
    const { params } = startSignedIn();
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(document.activeElement).toBe(within(hub).getByRole('heading', { name: 'Welcome' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(params().get('PANEL_OVERLAY_TAB')).toBeNull(), { timeout: 1500 });
  });

  it('opens again from the avatar', async () => {
    startSignedIn('/en/?PANEL_TAB=QR');
    fireEvent.click(await screen.findByRole('button', { name: 'AK: open your account menu' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome' })).toBeTruthy();
  });
});

describe('logout', () => {
  it('asks first, and Cancel keeps the session', async () => {
    const { api } = startSignedIn();
    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    fireEvent.click(within(hub).getByRole('button', { name: 'Logout' }));
    const modal = await screen.findByRole('alertdialog', { name: 'Logout?' });
    expect(modal.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(modal).getByText('You will need a new code from your e-mail to sign in again.')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).not.toContain('logout');
  });

  it('closes the confirmation with Escape', async () => {
    startSignedIn();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Welcome' })).getByRole('button', { name: 'Logout' }));
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('signs out after confirming and returns to login', async () => {
    const { api, storage, params } = startSignedIn();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Welcome' })).getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(api.calls).toContain('logout');
    expect(storage.getItem('tw.accessToken')).toBeNull();
    expect(params().get('PANEL_TAB')).toBe('LOGIN');
  });
});

describe('header and footer', () => {
  it('shows the organisation, and the logo closes the wallet back to the launcher', async () => {
    const { params } = startSignedIn('/en/?PANEL_TAB=QR', { orgName: 'Spring Fest' });
    fireEvent.click(await screen.findByRole('button', { name: 'Close Spring Fest' }));
    expect(await screen.findByRole('button', { name: 'My tickets' })).toBeTruthy();
    expect(params().get('PANEL_TAB')).toBeNull();
  });

  it('leads Get the app to the main ticket site in the page language', async () => {
    startSignedIn('/es/?PANEL_TAB=QR', { siteUrl: 'https://tickets.example.com/' });
    const link = await screen.findByRole('link', { name: 'Descarga la app' });
    expect(link.getAttribute('href')).toBe('https://tickets.example.com/es/');
  });

  it('closes instead when the wallet already is on the main ticket site', async () => {
    const { params } = startSignedIn('/en/?PANEL_TAB=QR', { siteUrl: 'http://localhost:3000' });
    fireEvent.click(await screen.findByRole('button', { name: 'Get the app' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBeNull());
  });

  it('changes the language by replacing the first path segment', async () => {
    const { platform } = startSignedIn('/en/?PANEL_TAB=QR');
    fireEvent.change(await screen.findByLabelText('Language'), { target: { value: 'es' } });
    expect(platform.loadUrl).toHaveBeenCalledWith('/es/?PANEL_TAB=QR');
  });

  it('stores the theme under "theme" and applies it', async () => {
    startSignedIn('/en/?PANEL_TAB=QR');
    const dark = await screen.findByRole('radio', { name: 'Dark' });
    fireEvent.click(dark);
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(document.querySelector('.tw-root')?.getAttribute('data-theme')).toBe('dark'));
    expect(dark.getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(dark, { key: 'ArrowRight' });
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('speaks Spanish on /es/', async () => {
    startSignedIn('/es/?PANEL_TAB=LOGIN');
    expect(await screen.findByRole('dialog', { name: 'Te damos la bienvenida' })).toBeTruthy();
    expect(document.querySelector('.tw-root')?.getAttribute('lang')).toBe('es');
  });
});

describe('toasts', () => {
  it('translate the key, fall back to request_failed, and Alt+T reaches them', async () => {
    startSignedIn('/en/?PANEL_TAB=QR');
    await screen.findByRole('heading', { name: 'My QR code' });
    act(() => showNotification({ kind: 'error', key: 'api.some_new_code' }));
    const message = await screen.findByText('Request failed');
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    expect(message.closest('.tw-toast')?.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('region', { name: 'Notifications (Alt+T)' })).toBeTruthy();
  });
});
