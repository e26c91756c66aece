// The device code's view (src/web/screens/qr-device-view.tsx) is a chunk of its own: the QR screen fetches it as soon
// as an image's answer names the device-bound code, beside the child's machine and the tickets (not through the
// background prefetch), so it is here before the code is drawn; a polling pass never fetches it.
import { HttpResponse } from 'msw';
import { expect, it, vi } from 'vitest';
import { ENTRY_CODE_HEADER } from '../../src/contract/endpoints';
import { FAKE_QR_PNG, FAKE_QR_TTL_MS, handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

const viewLoaded = vi.hoisted(() => vi.fn());
vi.mock('../../src/web/screens/qr-device-view', async (original) => {
  viewLoaded();
  return original();
});

const { server, render } = setUpWalletTests({ fakeTimeouts: true });

function startOnQr(entryCode: 'polling' | 'device') {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } });
  const ticketsAsked = vi.fn();
  server.use(...api.handlers);
  server.use(
    handle('qrSettings', () => ({ ttl: FAKE_QR_TTL_MS })),
    handle('qrCodeData', () => HttpResponse.text(FAKE_QR_PNG, { headers: entryCode === 'device' ? { [ENTRY_CODE_HEADER]: 'device' } : {} }) as never),
    // The tickets never answer: the view must not wait for them.
    handle('myTickets', () => {
      ticketsAsked();
      return new Promise<never>(() => {});
    }),
  );
  render('/en/?PANEL_TAB=QR', api.signedInStorage('alex@example.com'));
  return { ticketsAsked };
}

it('a polling pass never fetches the device view; an image naming the device code fetches it with the tickets', async () => {
  startOnQr('polling');
  await vi.waitFor(() => expect(document.querySelector('.tw-qr__frame img')).toBeTruthy());
  expect(viewLoaded).not.toHaveBeenCalled();

  const { ticketsAsked } = startOnQr('device');
  await vi.waitFor(() => expect(ticketsAsked).toHaveBeenCalled());
  await vi.waitFor(() => expect(viewLoaded).toHaveBeenCalledTimes(1));
});
