// The HUB fades out in 300 ms, or at once for a person who asked the OS for reduced motion.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createWallet } from '../../machines/create-wallet';
import { selectIsHubVisible } from '../../machines/panel.selectors';
import { storageKeys } from '../../src/client/storage-keys';
import { fakePlatform, } from '../../machines/models/fake-platform';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function walletWithHubOpen(reducedMotion: boolean) {
  const fake = fakePlatform({
    url: 'https://tickets.test/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB',
    storage: { [storageKeys.accessToken]: 'a', [storageKeys.refreshToken]: 'r' },
  });
  const platform = { ...fake.platform, prefersReducedMotion: () => reducedMotion, fetch: () => new Promise<Response>(() => {}) };
  const wallet = createWallet({ baseUrl: 'https://wallet.test/v1', platform });
  wallet.start();
  expect(selectIsHubVisible(wallet.getSnapshot())).toBe(true);
  return { wallet, fake };
}

it('keeps the HUB for the 300 ms fade, then removes the overlay parameter', () => {
  const { wallet, fake } = walletWithHubOpen(false);
  wallet.send({ type: 'panel.closeHub' });
  vi.advanceTimersByTime(299);
  expect(selectIsHubVisible(wallet.getSnapshot())).toBe(true);
  vi.advanceTimersByTime(1);
  expect(selectIsHubVisible(wallet.getSnapshot())).toBe(false);
  expect(fake.url()).not.toContain('PANEL_OVERLAY_TAB');
  wallet.stop();
});

it('closes the HUB at once when reduced motion is preferred', () => {
  const { wallet, fake } = walletWithHubOpen(true);
  wallet.send({ type: 'panel.closeHub' });
  vi.advanceTimersByTime(0);
  expect(selectIsHubVisible(wallet.getSnapshot())).toBe(false);
  expect(fake.url()).toBe('/en/?PANEL_TAB=QR');
  wallet.stop();
});
