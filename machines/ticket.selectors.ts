// Derived values of the single-ticket machine for the views.
import type { Benefit, HeldSwap, TicketDetail, WalletLinks } from '../src/contract/entities';
import { isBenefitUsed } from './benefit.selectors';
import { canHandOn, heldSwapOf, visibleBenefits, type TicketSnapshot } from './ticket';

export type TicketStatus = 'loading' | 'loaded' | 'notFound' | 'error';

/** Going on to a held swap's checkout or cancelling it: the ticket stays on screen meanwhile. */
const withHeldSwap = (snapshot: TicketSnapshot) => snapshot.matches('leavingSwap') || snapshot.matches('releasingSwap');

export function selectTicketStatus(snapshot: TicketSnapshot): TicketStatus {
  if (snapshot.matches('loaded') || withHeldSwap(snapshot)) return 'loaded';
  if (snapshot.matches('notFound')) return 'notFound';
  if (snapshot.matches('error')) return 'error';
  return 'loading';
}

export function selectTicket(snapshot: TicketSnapshot): TicketDetail | null {
  return snapshot.matches('loaded') || withHeldSwap(snapshot) ? snapshot.context.ticket : null;
}

export interface HeldSwapView {
  held: HeldSwap;
  /** Continue to checkout is on its way, or Cancel swap runs: both buttons wait, the one pressed spins. */
  leaving: boolean;
  releasing: boolean;
}

/** "Swap in progress, held until …": the person's own swap that holds this ticket, with Continue and Cancel. */
export function selectHeldSwap(snapshot: TicketSnapshot): HeldSwapView | null {
  const held = heldSwapOf(selectTicket(snapshot));
  return held ? { held, leaving: snapshot.hasTag('leavingSwap'), releasing: snapshot.hasTag('releasingSwap') } : null;
}

export interface BenefitRow {
  benefit: Benefit;
  used: boolean;
}

/** The benefits with a purchased amount above zero, each marked used or not. */
export function selectBenefitRows(snapshot: TicketSnapshot): BenefitRow[] {
  return visibleBenefits(selectTicket(snapshot)).map((benefit) => ({ benefit, used: isBenefitUsed(benefit) }));
}

/** Gift ticket button: giftable and event access unused. */
export const selectCanGift = (snapshot: TicketSnapshot) => snapshot.can({ type: 'ticket.gift' });
export const selectCanSwap = (snapshot: TicketSnapshot) => snapshot.can({ type: 'ticket.swap' });
export const selectCanResell = (snapshot: TicketSnapshot) => snapshot.can({ type: 'ticket.resell' });
/** Download as PDF is offered (the ticket may be handed on) and the download is running. */
export const selectCanDownloadPdf = (snapshot: TicketSnapshot) =>
  snapshot.matches('loaded') && canHandOn(snapshot.context.ticket);
export const selectIsDownloadingPdf = (snapshot: TicketSnapshot) => snapshot.hasTag('downloading');
/** A reload after an invalidation failed: what is shown is the ticket as last loaded. */
export const selectIsTicketOutdated = (snapshot: TicketSnapshot) => snapshot.matches({ loaded: { data: 'outdated' } });
/** The menu exists when it holds Swap ticket or Resell ticket. */
export const selectHasMenu = (snapshot: TicketSnapshot) => selectCanSwap(snapshot) || selectCanResell(snapshot);

export function selectIsMenuOpen(snapshot: TicketSnapshot): boolean {
  return snapshot.matches({ loaded: { menu: 'open' } });
}

export function selectIsDescriptionExpanded(snapshot: TicketSnapshot): boolean {
  return snapshot.matches({ loaded: { description: 'expanded' } });
}

export type WalletStatus = 'none' | 'loading' | 'ready' | 'failed';

/** The wallet buttons' state: none offered, their links loading, ready (with the links), or failed. */
export function selectWalletStatus(snapshot: TicketSnapshot): WalletStatus {
  if (snapshot.matches({ loaded: { wallet: 'loading' } })) return 'loading';
  if (snapshot.matches({ loaded: { wallet: 'ready' } })) return 'ready';
  if (snapshot.matches({ loaded: { wallet: 'failed' } })) return 'failed';
  return 'none';
}

export const selectWalletLinks = (snapshot: TicketSnapshot): WalletLinks | null =>
  snapshot.matches({ loaded: { wallet: 'ready' } }) ? snapshot.context.walletLinks : null;
