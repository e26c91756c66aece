// Unlocking a digital benefit: reveals its redeem code, made once and kept, so unlocking again shows the same code.
// The code is the holder's: a ticket that changes hands reaches its new holder locked again (lifecycle's transferTicket).
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { benefits, userTicketBenefits } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordEvent } from '../events/record';
import { assertTicketAllowed, heldStatuses, lockTicket } from '../lifecycle/service';
import { generateRedeemCode } from './codes';

export function createBenefitService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async unlock(userId: number, userTicketId: number, userTicketBenefitId: number): Promise<{ redeemCode: string }> {
      return inTransaction(db, async (tx) => {
        // The ticket first (the lock every ticket operation takes), then its benefit.
        const ticket = await lockTicket(tx, userTicketId, now());
        if (!ticket || ticket.ownerUserId !== userId || !heldStatuses.includes(ticket.status)) throw new ApiError('api.unlock.invalid_benefit');
        const [row] = await tx
          .select({ usage: userTicketBenefits, benefit: benefits })
          .from(userTicketBenefits)
          .innerJoin(benefits, eq(benefits.id, userTicketBenefits.benefitId))
          .where(
            and(
              eq(userTicketBenefits.id, userTicketBenefitId),
              eq(userTicketBenefits.userTicketId, userTicketId),
            ),
          )
          .for('update', { of: userTicketBenefits });
        if (!row) throw new ApiError('api.unlock.invalid_benefit');
        if (row.usage.redeemCode) return { redeemCode: row.usage.redeemCode };
        // A benefit of a ticket on sale or about to be swapped would leave with it, its code already revealed.
        assertTicketAllowed(ticket, 'benefit.use', now());
        const expired = row.benefit.validUntil !== null && row.benefit.validUntil < now();
        if (row.benefit.kind !== 'digital' || !row.benefit.isUnlockable || row.usage.purchasedAmount <= 0 || expired) {
          throw new ApiError('api.unlock.not_unlockable');
        }
        const redeemCode = generateRedeemCode();
        await tx
          .update(userTicketBenefits)
          .set({ redeemCode, unlockedAt: now() })
          .where(eq(userTicketBenefits.id, row.usage.id));
        recordEvent(tx, { userId, type: 'benefit.unlocked', userTicketId });
        return { redeemCode };
      });
    },
  };
}
