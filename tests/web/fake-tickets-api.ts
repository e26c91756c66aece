// An in-memory tickets API for the web tests (typed from the contract like fake-api.ts): my tickets by status, one
// ticket's detail, and unlocking a digital benefit, which stores the code as the server does.
import type { TicketDetail, UserTicket } from '../../src/contract/entities';
import { apiError, handle } from './fake-api';

export interface TicketsData {
  upcoming?: UserTicket[];
  past?: UserTicket[];
  details?: TicketDetail[];
}

export function ticketsApi(data: TicketsData = {}) {
  const upcoming = data.upcoming ?? [];
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
    handle('unlockBenefit', ({ params, body }) => {
      calls.push(`unlockBenefit ${params.id} ${body.userTicketBenefitId}`);
      const benefit = details.get(Number(params.id))?.benefits.find((item) => item.userTicketBenefitId === body.userTicketBenefitId);
      if (!benefit) return apiError('api.unlock.invalid_benefit');
      if (benefit.type !== 'benefits.digital' || !benefit.isUnlockable) return apiError('api.unlock.not_unlockable');
      benefit.redeemCode ??= `CODE-${String(++codes).padStart(4, '0')}`;
      return { redeemCode: benefit.redeemCode };
    }),
  ];
  return { handlers, calls };
}
