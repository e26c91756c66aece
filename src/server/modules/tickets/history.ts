// A ticket's history (GET /v1/list/ticket_listing/{id}/history): each move makes a new row for the new holder that
// links the row it came from (`previousUserTicketId`, set by transferTicket and the swap's confirmation), so the
// history is the walk back along those links, plus the one move out of the asker's hands when the row asked about
// left them. Only a row the asker holds or held may be asked about; another holder's is not found. The asker sees
// every step with its date, but only the names they already know: their own ("you") and the other side of a gift
// they made or received; an earlier holder and a resale's other party stay anonymous.
import { eq } from 'drizzle-orm';
import type { HistoryEntry, HistoryMove, TicketHistory } from '../../../contract/entities';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { ticketTypes, users, userTickets } from '../../db/schema';

/** The move that made a row, by the row's `source`. */
const moveOf: Record<string, HistoryMove> = { purchase: 'issued', gift: 'gifted', swap: 'swapped', resale: 'bought', redeem: 'redeemed' };

/** A walk never runs longer than this (a ticket that changed hands more often shows its latest moves). */
const MAX_STEPS = 100;

interface Row {
  id: number;
  ownerUserId: number;
  source: string;
  createdAt: Date;
  previousUserTicketId: number | null;
  nickname: string;
  suffix: string;
}

export function createHistoryService({ db }: { db: Database }) {
  const rowSelection = {
    id: userTickets.id,
    ownerUserId: userTickets.ownerUserId,
    source: userTickets.source,
    createdAt: userTickets.createdAt,
    previousUserTicketId: userTickets.previousUserTicketId,
    nickname: users.nickname,
    suffix: users.uniqueSuffix,
  };
  const rowById = (id: number) =>
    db.select(rowSelection).from(userTickets).innerJoin(users, eq(users.id, userTickets.ownerUserId)).where(eq(userTickets.id, id)).limit(1);
  const rowAfter = (id: number) =>
    db.select(rowSelection).from(userTickets).innerJoin(users, eq(users.id, userTickets.ownerUserId)).where(eq(userTickets.previousUserTicketId, id)).limit(1);

  return {
    async historyOf(userId: number, userTicketId: number): Promise<TicketHistory> {
      const [asked] = await rowById(userTicketId);
      if (!asked || asked.ownerUserId !== userId) throw new ApiError('api.ticket.not_found');
      const [type] = await db
        .select({ name: ticketTypes.name })
        .from(userTickets)
        .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
        .where(eq(userTickets.id, userTicketId));
      // Oldest first: back along the links, then the move out of the asker's hands, if any.
      const rows: Row[] = [asked];
      while (rows[0]!.previousUserTicketId !== null && rows.length < MAX_STEPS) {
        const [previous] = await rowById(rows[0]!.previousUserTicketId!);
        if (!previous) break;
        rows.unshift(previous);
      }
      const [next] = await rowAfter(asked.id);
      if (next) rows.push(next);
      const entries = rows.map((row, index): HistoryEntry => {
        const move = moveOf[row.source] ?? 'issued';
        return { move, at: row.createdAt.toISOString(), holder: holderOf(rows, index, userId) };
      });
      return { userTicketId, ticketName: type?.name ?? '', entries };
    },
  };
}

/** Who `rows[index]`'s holder is to the asker: themselves, a gift's other side they know, or nobody they may see. */
function holderOf(rows: Row[], index: number, userId: number): string | null {
  const row = rows[index]!;
  if (row.ownerUserId === userId) return 'you';
  const before = rows[index - 1];
  const after = rows[index + 1];
  // The asker gave this person the ticket as a gift, or this person gave it to the asker as one.
  if (row.source === 'gift' && before?.ownerUserId === userId) return `${row.nickname}#${row.suffix}`;
  if (after?.source === 'gift' && after.ownerUserId === userId) return `${row.nickname}#${row.suffix}`;
  return null;
}
