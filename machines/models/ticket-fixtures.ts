// Sample tickets and benefits shared by the my-tickets, ticket and benefit tests (machines and screens).
import type { Benefit, TicketDetail, UserTicket } from '../../src/contract/entities';

const DAY = 24 * 60 * 60 * 1000;
const at = (offsetDays: number, hourUtc: number) => {
  const date = new Date(Date.now() + offsetDays * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};

export function userTicket(overrides: Partial<UserTicket> = {}): UserTicket {
  return {
    userTicketId: 11,
    ticketLogo: null,
    ticketName: 'General Admission',
    eventName: 'Harbour Lights Weekender',
    eventCity: 'Melbourne',
    eventVenue: 'Sidney Myer Music Bowl',
    eventAddress1: '21 Linlithgow Ave, Melbourne VIC 3004',
    eventDescription: 'Two days of music.',
    eventStartDateTime: at(21, 1),
    eventEndDateTime: at(22, 13),
    eventTimeZone: 'Australia/Melbourne',
    eventLatitude: -37.8226,
    eventLongitude: 144.9716,
    isLive: false,
    totalBenefitCount: 2,
    totalBenefitUsedCount: 0,
    ...overrides,
  };
}

export const liveTicket = (overrides: Partial<UserTicket> = {}) =>
  userTicket({
    userTicketId: 12,
    ticketName: 'Night Market Entry',
    eventName: 'Harbour Lights Night Market',
    eventCity: 'Sydney',
    eventVenue: 'Barangaroo Reserve',
    eventStartDateTime: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    eventEndDateTime: new Date(Date.now() + 6 * 60 * 60 * 1000).toISOString(),
    isLive: true,
    totalBenefitCount: 1,
    ...overrides,
  });

export const pastTicket = (overrides: Partial<UserTicket> = {}) =>
  userTicket({
    userTicketId: 15,
    ticketName: 'General Admission',
    eventName: 'Southern Lights Sessions',
    eventCity: 'Auckland',
    eventVenue: 'Spark Arena',
    eventStartDateTime: at(-60, 6),
    eventEndDateTime: at(-60, 11),
    totalBenefitCount: 2,
    totalBenefitUsedCount: 1,
    ...overrides,
  });

export function benefit(overrides: Partial<Benefit> = {}): Benefit {
  return {
    userTicketBenefitId: 101,
    name: 'Free drink',
    shortDescription: '2 drinks of your choice at any festival bar.',
    fullDescription: '<p>Show your entry QR code at any bar.</p><ul><li>Beer, wine or a soft drink</li></ul>',
    type: 'benefits.physical',
    icon: 'drink',
    iconColor: '#0d9488',
    iconBgColor: '#ccfbf1',
    image: null,
    purchasedAmount: 2,
    usedAmount: 0,
    lastUsedDate: null,
    redeemCode: null,
    isUnlockable: false,
    validUntil: '2030-01-13T12:00:00.000Z',
    ...overrides,
  };
}

export const digitalBenefit = (overrides: Partial<Benefit> = {}) =>
  benefit({
    userTicketBenefitId: 102,
    name: 'Festival app 20% merch discount',
    shortDescription: '20% off everything at the merch stand.',
    fullDescription: '<p>Unlock this benefit to reveal your code.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    type: 'benefits.digital',
    icon: 'gift',
    purchasedAmount: 1,
    isUnlockable: true,
    ...overrides,
  });

export function ticketDetail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...userTicket(),
    ticketDescription:
      '<p>Two-day access to the festival grounds.</p><p>Gates open at 11 am.</p><ul><li>Re-entry allowed</li></ul>',
    benefits: [benefit(), digitalBenefit(), benefit({ userTicketBenefitId: 103, name: 'Not bought', purchasedAmount: 0 })],
    isGiftable: true,
    isResellable: true,
    isSwappable: true,
    eventLogo: null,
    eventFeatureImage: null,
    eventAccessStatus: false,
    eventAccessUsedOn: null,
    heldSwap: null,
    ...overrides,
  };
}

/** Ticket 11 held by the person's own UPGRADE in progress (order SW-ABC123, held until 03:30 UTC): no gift, swap, resale or PDF meanwhile. */
export function heldTicket(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return ticketDetail({
    isGiftable: false,
    isSwappable: false,
    isResellable: false,
    heldSwap: {
      orderIdentifier: 'SW-ABC123',
      swapType: 'UPGRADE',
      eventId: 3,
      eventName: 'Harbour Lights Weekender',
      fromName: 'General Admission',
      toName: 'VIP',
      quantity: 1,
      heldUntil: '2026-11-27T03:30:00.000Z',
      userTicketIds: [11],
    },
    ...overrides,
  });
}
