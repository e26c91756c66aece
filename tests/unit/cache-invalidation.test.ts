// Every mutation's cache-tag invalidations, checked against one table (docs/product.md §4 "Cached reads", plus the
// changes it leaves out: gift, redeem, purchase and the swap's endings). A read that a mutation changes but does not
// invalidate stays stale until a reload (issue 23: after Unlist the resell picker said "no tickets that can be resold").
import { describe, expect, it } from 'vitest';
import { type CacheTag, type EndpointName, endpoints } from '../../src/contract/endpoints';
import { eventInvalidates, type WalletEventType } from '../../src/contract/events';

/** A ticket changes hands or state: every read that lists or shows tickets. */
const ticketMoved = ['TICKETS', 'SINGLE_TICKET', 'SWAPPABLE_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING'] as const;

/** Each endpoint that is not a GET, and the tags it must invalidate (none: it changes nothing a read caches). */
const expected: Record<string, readonly CacheTag[]> = {
  signIn: [],
  verifyLogin: [],
  refresh: [],
  hostSignIn: [],
  updateProfile: ['USER'],
  username: ['USER'],
  uploadPicture: ['USER'],
  removePicture: ['USER'],
  gateScan: [],
  unlockBenefit: ['SINGLE_TICKET'],
  giftVerify: [],
  giftTicket: ticketMoved,
  startSwap: [],
  // The checkout's hand-over: a one-minute code, then a token for that order; neither changes a cached read.
  checkoutHandOver: [],
  exchangeCheckoutHandOver: [],
  confirmSwap: [...ticketMoved, 'TICKETS_SWAP'],
  paySwap: [...ticketMoved, 'TICKETS_SWAP'],
  cancelSwap: [...ticketMoved, 'TICKETS_SWAP'],
  swapPaymentIntent: [],
  priceQuote: [],
  createListing: [...ticketMoved, 'LISTED_TICKETS'],
  unlist: [...ticketMoved, 'LISTED_TICKETS'],
  purchaseListing: [...ticketMoved, 'LISTED_TICKETS'],
  resalePaymentIntent: [],
  ticketPdf: [],
  redeem: ticketMoved,
  paymentsConnect: [],
  paymentsLocalOnboarding: [],
  // The door: the wallet's device key changes no read it caches; the organiser's setting and the scanners' sync are
  // not the wallet's calls (an admission reaches the wallet as its entry.used event).
  doorRegisterDevice: [],
  doorEntryCode: [],
  doorSync: [],
  // Apple Wallet's own calls (its PassKit web service): nothing the wallet app caches.
  appleRegisterDevice: [],
  appleUnregisterDevice: [],
  appleLog: [],
};

/** The mutation whose change each server event announces to the other tabs: both must drop the same reads. */
const eventOfMutation: Partial<Record<WalletEventType, EndpointName>> = {
  'ticket.gifted': 'giftTicket',
  'ticket.listed': 'createListing',
  'ticket.unlisted': 'unlist',
  'ticket.sold': 'purchaseListing',
};

const sorted = (tags: readonly CacheTag[]) => [...new Set(tags)].sort();
const mutations = Object.entries(endpoints).filter(([, endpoint]) => endpoint.method !== 'GET');

describe('cache invalidations', () => {
  it('the table names every mutation of the contract, and only those', () => {
    expect(mutations.map(([name]) => name).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(mutations)('%s invalidates what the table says', (name, endpoint) => {
    const invalidates = 'invalidates' in endpoint ? (endpoint.invalidates as readonly CacheTag[]) : [];
    expect(sorted(invalidates)).toEqual(sorted(expected[name] ?? ['(missing from the table)' as CacheTag]));
  });

  it('docs/product.md §4: profile and username USER, a swap TICKETS and SWAPPABLE_TICKETS, listing and unlisting the listed and listable tickets, an unlocked benefit SINGLE_TICKET', () => {
    const tagsOf = (name: EndpointName): readonly string[] => ('invalidates' in endpoints[name] ? endpoints[name].invalidates : []) as readonly string[];
    for (const name of ['updateProfile', 'username'] as const) expect(tagsOf(name)).toContain('USER');
    for (const name of ['confirmSwap', 'paySwap'] as const) expect(tagsOf(name)).toEqual(expect.arrayContaining(['TICKETS', 'SWAPPABLE_TICKETS']));
    for (const name of ['createListing', 'unlist'] as const) {
      expect(tagsOf(name)).toEqual(expect.arrayContaining(['LISTED_TICKETS', 'TICKETS_AVAILABLE_FOR_LISTING']));
    }
    expect(tagsOf('unlockBenefit')).toContain('SINGLE_TICKET');
  });

  it.each(Object.entries(eventOfMutation))('the %s event drops the same reads as %s', (event, name) => {
    const endpoint = endpoints[name as EndpointName];
    const invalidates = 'invalidates' in endpoint ? (endpoint.invalidates as readonly CacheTag[]) : [];
    expect(sorted(eventInvalidates[event as WalletEventType])).toEqual(sorted(invalidates));
  });
});
