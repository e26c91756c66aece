// createWallet's `inspect` option reaches XState's inspection API: every actor of the tree is observed (the
// visualiser's live view follows the wallet through it).
import { expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { createWallet } from '../../machines/create-wallet';
import { storageKeys } from '../../src/client/storage-keys';
import { fakePlatform } from '../../machines/models/fake-platform';

it('passes every actor of the wallet to the inspect observer', () => {
  const fake = fakePlatform({
    url: 'https://tickets.test/en/?PANEL_TAB=QR&PANEL_OVERLAY_TAB=HUB',
    storage: { [storageKeys.accessToken]: 'a', [storageKeys.refreshToken]: 'r' },
  });
  const events: InspectionEvent[] = [];
  const platform = { ...fake.platform, fetch: () => new Promise<Response>(() => {}) };
  const wallet = createWallet({ baseUrl: 'https://wallet.test/v1', platform, inspect: (event) => events.push(event) });
  wallet.start();
  const snapshots = events.filter((event) => event.type === '@xstate.snapshot');
  const snapshotsOf = new Set(snapshots.map((event) => (event.actorRef as unknown as { id: string }).id));
  // The root, the session, the QR flow and the HUB's logout flow: each reported its snapshot.
  expect(snapshots.some((event) => event.actorRef === wallet)).toBe(true);
  for (const id of ['session', 'qr', 'logout']) expect(snapshotsOf, id).toContain(id);
  wallet.stop();
});
