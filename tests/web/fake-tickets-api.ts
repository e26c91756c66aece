// An in-memory tickets API for the web tests (typed from the contract like fake-api.ts): my tickets by status, one
// ticket's detail and its phone wallet links, unlocking a digital benefit, which stores the code as the server does, and gifting: verify,
// gift (the ticket leaves the lists) and receiver suggestions.
import type { ReceiverSuggestion, TicketDetail, UserTicket } from '../../src/contract/entities';
import { apiError, handle } from './fake-api';

export interface TicketsData {
  upcoming?: UserTicket[];
  past?: UserTicket[];
  details?: TicketDetail[];
  /** Other users, for the username search. */
  users?: ReceiverSuggestion[];
}

export function ticketsApi(data: TicketsData = {}) {
  let upcoming = data.upcoming ?? [];
  const past = data.past ?? [];
  const details = new Map((data.details ?? []).map((detail) => [detail.userTicketId, structuredClone(detail)]));
  const calls: string[] = [];
  let codes = 0;

  const handlers = [
    handle('myTickets', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      calls.push(`myTickets ${status}`);
      return status === 'PAST' ? past : upcoming;
    }),
    handle('ticketDetail', ({ params }) => {
      calls.push(`ticketDetail ${params.ticketUserId}`);
      return details.get(Number(params.ticketUserId)) ?? apiError('api.ticket.not_found');
    }),
    // The phone wallet links of a ticket shown (not in `calls`: every ticket screen asks for them beside its detail).
    handle('walletLinks', ({ params }) =>
      details.has(Number(params.userTicketId))
        ? {
            apple: `http://wallet.test/v1/wallet/apple/download/${params.userTicketId}.1.mac`,
            google: `https://pay.google.com/gp/v/save/jwt-${params.userTicketId}`,
            serialNumber: `tw-${params.userTicketId}`,
          }
        : apiError('api.ticket.not_found'),
    ),
    handle('unlockBenefit', ({ params, body }) => {
      calls.push(`unlockBenefit ${params.id} ${body.userTicketBenefitId}`);
      const benefit = details.get(Number(params.id))?.benefits.find((item) => item.userTicketBenefitId === body.userTicketBenefitId);
      if (!benefit) return apiError('api.unlock.invalid_benefit');
      if (benefit.type !== 'benefits.digital' || !benefit.isUnlockable) return apiError('api.unlock.not_unlockable');
      benefit.redeemCode ??= `CODE-${String(++codes).padStart(4, '0')}`;
      return { redeemCode: benefit.redeemCode };
    }),
    handle('giftVerify', ({ body }) => {
      calls.push(`giftVerify ${body.userTicketId}`);
      const detail = details.get(body.userTicketId);
      if (!detail) return apiError('api.gift.not_authorized_verify');
      const upcomingTicket = upcoming.some((ticket) => ticket.userTicketId === body.userTicketId);
      return { extras: { canBeGifted: upcomingTicket && detail.isGiftable && !detail.eventAccessStatus } };
    }),
    handle('giftTicket', ({ body }) => {
      calls.push(`giftTicket ${body.userTicketId} ${body.username}`);
      const ticket = upcoming.find((item) => item.userTicketId === body.userTicketId);
      if (!ticket) return apiError('api.gift.not_allowed');
      upcoming = upcoming.filter((item) => item !== ticket);
      details.delete(ticket.userTicketId);
      return { userTicketId: ticket.userTicketId, ticketName: ticket.ticketName, ticketLogo: ticket.ticketLogo, receiver: body.username.trim() };
    }),
    handle('searchUsers', ({ request }) => {
      const text = new URL(request.url).searchParams.get('username') ?? '';
      calls.push(`searchUsers ${text}`);
      return (data.users ?? []).filter((user) => user.username.toLowerCase().startsWith(text.toLowerCase()));
    }),
  ];
  return { handlers, calls };
}
