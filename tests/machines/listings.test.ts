// Model-based tests of the listings machine (docs/product.md §2 Listings, §4 Listing): Sale and Sold tabs, Share (only of an
// entry on sale), Unlist behind a confirmation, the lists read again after unlisting, failures as toasts.
import { describe, expect, it } from 'vitest';
import type { ListingsSnapshot } from '../../machines/listings';
import { shareLinkIn } from '../../machines/listings';
import { daysSince, selectListingsStep, selectSharing, selectUnlisting } from '../../machines/listings.selectors';
import { testServices } from '../../machines/models/fake-platform';
import { expectFullCoverage, runPathOnActor } from '../../machines/models/model';
import { pathsOf } from '../../machines/models/model-spec';
import { listingsPromiseActors, listingsSpec, listingsVertex, sampleListing } from '../../machines/models/listings.model';

const machineUnderTest = listingsSpec.machine;
const { testMachine, paths } = pathsOf(listingsSpec);

describe('listings model', () => {
  it('covers every transition: tabs, share, unlist confirm, cancel, success and failure', () => {
    expectFullCoverage(listingsSpec.name, testMachine, paths, listingsSpec.excused);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    await runPathOnActor(path, {
      machine: machineUnderTest,
      input: { services: testServices() },
      promiseActors: listingsPromiseActors,
      vertex: listingsVertex,
      asChild: true,
      check: (actor, step, reports) => {
        const snapshot = actor.getSnapshot() as ListingsSnapshot;
        expect(selectSharing(snapshot)?.shareLinkUrl ?? null).toBe(snapshot.matches({ ready: { view: 'sharing' } }) ? `${sampleListing.shareLinkUrl}?lang=en` : null);
        // A listing sold while it is being unlisted leaves the sale list (the unlist answer then says so).
        const stillOnSale = snapshot.context.overview.sale.some((entry) => entry.userTicketId === snapshot.context.focusId);
        expect(selectUnlisting(snapshot) !== null).toBe(
          (snapshot.matches({ ready: { view: 'confirmingUnlist' } }) || snapshot.matches({ ready: { view: 'unlisting' } })) && stillOnSale,
        );
        const { type } = step.event;
        const last = reports.at(-1);
        if (type === 'unlist.done') {
          expect(last).toEqual({ type: 'notify', kind: 'success', key: 'listings.unlisted' });
          // The lists stay on screen: unlisting invalidates LISTED_TICKETS, and the sync region reads them again.
          expect(selectListingsStep(snapshot)).toBe('ready');
        }
        if (type === 'unlist.error') expect(last).toEqual({ type: 'notify', kind: 'error', key: 'api.resell.listing_not_found' });
      },
    });
  });
});

describe('days since', () => {
  it('counts whole days and never goes below zero', () => {
    const now = Date.parse('2026-11-24T09:00:00.000Z');
    expect(daysSince('2026-11-20T10:00:00.000Z', now)).toBe(3);
    expect(daysSince('2026-11-24T08:00:00.000Z', now)).toBe(0);
    expect(daysSince('2026-11-25T08:00:00.000Z', now)).toBe(0);
  });

  it('the share link carries the wallet’s language, keeping what the link had', () => {
    expect(shareLinkIn('https://wallet.test/resale/abc123', 'es')).toBe('https://wallet.test/resale/abc123?lang=es');
    expect(shareLinkIn('https://wallet.test/resale/abc123?lang=en&ref=x', 'es')).toBe('https://wallet.test/resale/abc123?lang=es&ref=x');
    expect(shareLinkIn('', 'es')).toBe('');
  });
});
