// The pure rules and view selectors of my tickets, the single ticket and the benefit modal.
import { describe, expect, it } from 'vitest';
import { canUnlock } from '../../machines/benefit';
import { isBenefitUsed } from '../../machines/benefit.selectors';
import { myTicketsMachine } from '../../machines/my-tickets';
import { benefitUsage, groupIdenticalTickets, selectListStatus, selectTicketTab, selectTickets, ticketTiming } from '../../machines/my-tickets.selectors';
import { ticketActions, visibleBenefits } from '../../machines/ticket';
import type { UserTicket } from '../../src/contract/entities';
import { benefit, digitalBenefit, ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';

const now = new Date('2026-06-10T12:00:00Z');

describe('ticket timing', () => {
  it('is live while the server says so, whatever the dates', () => {
    expect(ticketTiming(userTicket({ isLive: true }), now)).toEqual({ kind: 'live' });
  });

  it('counts whole days until the start of an upcoming event', () => {
    const ticket = userTicket({ eventStartDateTime: '2026-06-13T13:00:00Z', eventEndDateTime: '2026-06-14T13:00:00Z' });
    expect(ticketTiming(ticket, now)).toEqual({ kind: 'upcoming', days: 3 });
    expect(ticketTiming(userTicket({ eventStartDateTime: '2026-06-10T20:00:00Z', eventEndDateTime: '2026-06-10T23:00:00Z' }), now)).toEqual({
      kind: 'upcoming',
      days: 0,
    });
  });

  it('counts whole days since the end of a past event (absolute)', () => {
    const ticket = userTicket({ eventStartDateTime: '2026-04-01T06:00:00Z', eventEndDateTime: '2026-04-11T11:00:00Z' });
    expect(ticketTiming(ticket, now)).toEqual({ kind: 'past', days: 60 });
  });
});

describe('benefit rules', () => {
  it('counts benefits used out of total, or nothing without benefits', () => {
    expect(benefitUsage(userTicket({ totalBenefitCount: 2, totalBenefitUsedCount: 1 }))).toEqual({ used: 1, total: 2 });
    expect(benefitUsage(userTicket({ totalBenefitCount: 0, totalBenefitUsedCount: 0 }))).toBeNull();
  });

  it('marks a benefit used when the used amount reaches the purchased amount', () => {
    expect(isBenefitUsed(benefit({ purchasedAmount: 2, usedAmount: 2 }))).toBe(true);
    expect(isBenefitUsed(benefit({ purchasedAmount: 2, usedAmount: 1 }))).toBe(false);
    expect(isBenefitUsed(benefit({ purchasedAmount: 0, usedAmount: 0 }))).toBe(false);
  });

  it('unlocks only digital, unlockable benefits without a code', () => {
    expect(canUnlock(digitalBenefit())).toBe(true);
    expect(canUnlock(digitalBenefit({ redeemCode: 'ABC' }))).toBe(false);
    expect(canUnlock(digitalBenefit({ isUnlockable: false }))).toBe(false);
    expect(canUnlock(benefit({ isUnlockable: true }))).toBe(false);
    expect(canUnlock(null)).toBe(false);
  });

  it('shows only benefits with a purchased amount above zero', () => {
    const detail = ticketDetail({ benefits: [benefit(), benefit({ userTicketBenefitId: 7, purchasedAmount: 0 })] });
    expect(visibleBenefits(detail).map((item) => item.userTicketBenefitId)).toEqual([101]);
    expect(visibleBenefits(null)).toEqual([]);
  });
});

describe('ticket actions', () => {
  it('follow the flags while event access is unused', () => {
    expect(ticketActions(ticketDetail())).toEqual({ gift: true, swap: true, resell: true });
    expect(ticketActions(ticketDetail({ isGiftable: false, isSwappable: true, isResellable: false }))).toEqual({
      gift: false,
      swap: true,
      resell: false,
    });
  });

  it('are all gone once event access is used, or without a ticket', () => {
    expect(ticketActions(ticketDetail({ eventAccessStatus: true }))).toEqual({ gift: false, swap: false, resell: false });
    expect(ticketActions(null)).toEqual({ gift: false, swap: false, resell: false });
  });
});

describe('my tickets selectors', () => {
  it('show skeletons while loading, the cards of a reloading list, and the selected tab', () => {
    const at = (value: string, tickets: UserTicket[], tab: 'UPCOMING' | 'PAST' = 'UPCOMING') =>
      myTicketsMachine.resolveState({ value, context: { services: undefined as never, tab, tickets } });
    expect(selectListStatus(at('loading', []))).toBe('loading');
    expect(selectTickets(at('loading', []))).toEqual([]);
    expect(selectTicketTab(at('loaded', [userTicket()], 'PAST'))).toBe('PAST');
    expect(selectListStatus(at('refreshing', [userTicket()]))).toBe('loaded');
    expect(selectTickets(at('refreshing', [userTicket()]))).toHaveLength(1);
    expect(selectListStatus(at('refreshing', []))).toBe('empty');
  });
});

describe('groupIdenticalTickets', () => {
  const ga = (id: number, used = 0) => userTicket({ userTicketId: id, ticketName: 'General admission', totalBenefitCount: 2, totalBenefitUsedCount: used });

  it('makes one card of identical tickets, counted, where the first one was', () => {
    const vip = userTicket({ userTicketId: 9, ticketName: 'VIP' });
    const groups = groupIdenticalTickets([ga(1), vip, ga(2), ga(3)]);
    expect(groups.map((group) => [group.ticket.userTicketId, group.count])).toEqual([
      [1, 3],
      [9, 1],
    ]);
  });

  it('keeps tickets apart when their benefits were used differently or the event differs', () => {
    const otherDay = { ...ga(4), eventStartDateTime: '2027-01-02T18:00:00.000Z' };
    expect(groupIdenticalTickets([ga(1), ga(2, 1), otherDay]).map((group) => group.count)).toEqual([1, 1, 1]);
  });

  it('answers nothing for no tickets', () => {
    expect(groupIdenticalTickets([])).toEqual([]);
  });
});
