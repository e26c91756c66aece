// Model-based paths of the listings machine (machines/models/listings.model.ts) run against the rendered wallet: under
// the resell form (nothing to resell, so the listings show), a person switches Sale and Sold, opens Share, copies the
// link, closes, asks to unlist and confirms; the overview and the unlist answer only when the path says so. After
// every step the screen shows what the model's state says.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { listingsMachine, type ListingsSnapshot } from '../../machines/listings';
import type { WalletActor } from '../../machines/wallet';
import { selectListingsStep, selectSharing, selectUnlisting } from '../../machines/listings.selectors';
import type { EndpointName } from '../../src/contract/endpoints';
import { testServices } from '../../machines/models/fake-platform';
import { expectFullCoverage, toTestMachine } from '../../machines/models/model';
import { listingsSampleEvents, listingsVertex } from '../../machines/models/listings.model';
import { handle, signInApi } from './fake-api';
import { holdRequests, responseFor, screenModelPaths, type HeldRequests } from './path-helpers';
import { setUpWalletTests } from './render-wallet';

const tests = setUpWalletTests();

const quick = { interval: 5 };
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const section = () => within(screen.getByRole('heading', { name: 'Your listings' }).closest('section')!);
const unlistRole = 'alertdialog';
const endpointOf: Record<string, EndpointName> = { loadOverview: 'resellOverview', unlist: 'unlist' };

const testMachine = toTestMachine(listingsMachine);
const input = { services: testServices() };

/**
 * Native share is offered on phones that have it (docs/product.md §2); the rendered wallet here is a desktop without it. Share
 * and Unlist are buttons of the entries on sale, in the Sale tab.
 */
function onScreen(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const state = snapshot as ListingsSnapshot;
  if (event.type === 'listings.nativeShare') return false;
  if (event.type === 'listings.share' || event.type === 'listings.unlist') {
    return state.context.tab === 'SALE' && state.context.overview.sale.length > 0;
  }
  return true;
}
const paths = screenModelPaths({ machine: testMachine, input, events: listingsSampleEvents as EventObject[], vertex: listingsVertex, onScreen });

async function perform(event: EventObject, requests: HeldRequests, wallet: WalletActor): Promise<void> {
  const settled = /^(\w+)\.(done|error)$/.exec(event.type);
  if (settled && endpointOf[settled[1]!]) {
    const endpoint = endpointOf[settled[1]!]!;
    await waitFor(() => expect(requests.pending(endpoint).length).toBeGreaterThan(0), quick);
    await requests.answer(endpoint, () => responseFor(event));
    return;
  }
  const dialog = () =>
    within(screen.queryByRole('dialog', { name: 'Share your listing' }) ?? screen.getByRole(unlistRole, { name: 'Unlist this ticket?' }));
  switch (event.type) {
    case 'listings.stale':
      // What the live stream does after a `ticket.sold` (and the client after an unlisting).
      act(() => wallet.getSnapshot().context.services.api.cache.invalidate(['LISTED_TICKETS']));
      return;
    case 'listings.retry':
      click(section().getByRole('button', { name: 'Try again' }));
      return;
    case 'listings.chooseTab':
      click(section().getByRole('tab', { name: (event as { tab?: string }).tab === 'SOLD' ? 'Sold' : 'Sale' }));
      return;
    case 'listings.share':
      click(section().getByRole('button', { name: 'Share' }));
      return;
    case 'listings.copy':
      click(within(screen.getByRole('dialog', { name: 'Share your listing' })).getByRole('button', { name: 'Copy link' }));
      return;
    case 'listings.unlist':
      click(section().getByRole('button', { name: 'Unlist' }));
      return;
    case 'listings.confirmUnlist':
      click(within(screen.getByRole(unlistRole, { name: 'Unlist this ticket?' })).getByRole('button', { name: 'Unlist' }));
      return;
    case 'listings.close':
      click(dialog().getByRole('button', { name: 'Close' }));
      return;
    default:
      throw new Error(`no way to perform ${event.type} on the screen`);
  }
}

function expectScreenMatches(state: ListingsSnapshot): void {
  const step = selectListingsStep(state);
  expect(Boolean(section().queryByRole('status', { name: 'Loading…' })), 'skeleton').toBe(step === 'loading');
  expect(Boolean(section().queryByText('Your listings could not be loaded.')), 'error').toBe(step === 'failed');
  if (step === 'ready') {
    const tab = state.context.tab;
    expect(section().getByRole('tab', { name: tab === 'SOLD' ? 'Sold' : 'Sale' }).getAttribute('aria-selected')).toBe('true');
    const entries = tab === 'SOLD' ? state.context.overview.sold : state.context.overview.sale;
    expect(Boolean(section().queryByText(tab === 'SOLD' ? 'Nothing sold yet.' : 'Nothing on sale.')), 'empty').toBe(entries.length === 0);
    expect(section().queryAllByRole('button', { name: 'Share' }).length, 'share buttons').toBe(tab === 'SALE' ? entries.length : 0);
    // Each sale says where its payout is: held until the event's end (the sample's 01.12.2026), or paid.
    expect(section().queryAllByText(/· Payout held until Tue, Dec 1, 9:00\sPM GMT\+11, after the event$/).length, 'payout lines').toBe(tab === 'SOLD' ? entries.length : 0);
  }
  const sharing = selectSharing(state);
  const shareDialog = screen.queryByRole('dialog', { name: 'Share your listing' });
  expect(Boolean(shareDialog), 'share modal').toBe(sharing !== null);
  if (sharing) {
    expect((within(shareDialog!).getByRole('textbox') as HTMLInputElement).value).toBe(sharing.shareLinkUrl);
    expect(within(shareDialog!).getByRole('link', { name: 'Facebook' }).getAttribute('href')).toContain(encodeURIComponent(sharing.shareLinkUrl));
  }
  const unlisting = selectUnlisting(state);
  const unlistDialog = screen.queryByRole(unlistRole, { name: 'Unlist this ticket?' });
  expect(Boolean(unlistDialog), 'unlist modal').toBe(unlisting !== null);
  if (unlistDialog) {
    const busy = state.matches({ ready: { view: 'unlisting' } });
    expect(within(unlistDialog).getByRole('button', { name: 'Unlist' }).getAttribute('aria-busy') === 'true', 'unlisting').toBe(busy);
  }
}

describe('listings paths on the rendered screen', () => {
  it('keep to what a person can do and still take every transition', () => {
    expectFullCoverage('listings on the screen', testMachine, paths, {
      'listings on watchListings.error': 'the LISTED_TICKETS listener is an in-memory subscription that cannot fail; the branch only logs',
      'listings.ready.view.sharing on listings.nativeShare': 'native share is offered on phones only; tests/machines/listings.test.ts takes it',
    });
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    // Nothing to resell: the resell form shows the listings under it.
    tests.server.use(...api.handlers, handle('resellableTickets', () => []));
    const requests = holdRequests(tests, Object.values(endpointOf));
    const { wallet } = tests.render('/en/?PANEL_TAB=RESELL', api.signedInStorage('alex@example.com'));
    await screen.findByText('You have no tickets that can be resold.');
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) await perform(step.event, requests, wallet);
      await waitFor(() => expectScreenMatches(step.state as ListingsSnapshot), quick);
    }
  });
});
