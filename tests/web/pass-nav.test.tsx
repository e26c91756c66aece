// Wayfinding: QR and My tickets are one tap apart without the HUB, through the bar above either panel.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();

function startSignedIn(url: string) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim', nickname: 'alex' } });
  server.use(...api.handlers, ...ticketsApi().handlers);
  return render(url, api.signedInStorage('alex@example.com'));
}

describe('the passes bar', () => {
  it('moves from the QR to My tickets and back, marking where the person is', async () => {
    const { params } = startSignedIn('/en/?PANEL_TAB=QR');
    const bar = await screen.findByRole('navigation', { name: 'Your passes' });
    expect(within(bar).getByRole('button', { name: 'QR code' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(bar).getByRole('button', { name: 'My tickets' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('MY_TICKET'));
    const next = await screen.findByRole('navigation', { name: 'Your passes' });
    expect(within(next).getByRole('button', { name: 'My tickets' }).getAttribute('aria-current')).toBe('page');
    expect(within(next).getByRole('button', { name: 'QR code' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(within(next).getByRole('button', { name: 'QR code' }));
    await waitFor(() => expect(params().get('PANEL_TAB')).toBe('QR'));
  });

  it('is not shown on other panels', async () => {
    startSignedIn('/en/?PANEL_TAB=GIFT');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Your passes' })).toBeNull();
  });
});
