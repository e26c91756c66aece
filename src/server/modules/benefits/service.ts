// Unlocking a digital benefit: reveals its redeem code, made once and kept, so unlocking again shows the same code.
import { randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../../../contract/errors';
import type { Database } from '../../db/client';
import { benefits, userTicketBenefits, userTickets } from '../../db/schema';
import { heldStatuses } from '../tickets/service';

/** Letters and digits that cannot be mistaken for each other when read off a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRedeemCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

export function createBenefitService({ db, now }: { db: Database; now: () => Date }) {
  return {
    async unlock(userId: number, userTicketId: number, userTicketBenefitId: number): Promise<{ redeemCode: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ usage: userTicketBenefits, benefit: benefits })
          .from(userTicketBenefits)
          .innerJoin(benefits, eq(benefits.id, userTicketBenefits.benefitId))
          .innerJoin(userTickets, eq(userTickets.id, userTicketBenefits.userTicketId))
          .where(
            and(
              eq(userTicketBenefits.id, userTicketBenefitId),
              eq(userTicketBenefits.userTicketId, userTicketId),
              eq(userTickets.ownerUserId, userId),
              inArray(userTickets.status, [...heldStatuses]),
            ),
          )
          .for('update', { of: userTicketBenefits });
        if (!row) throw new ApiError('api.unlock.invalid_benefit');
        if (row.usage.redeemCode) return { redeemCode: row.usage.redeemCode };
        const expired = row.benefit.validUntil !== null && row.benefit.validUntil < now();
        if (row.benefit.kind !== 'digital' || !row.benefit.isUnlockable || row.usage.purchasedAmount <= 0 || expired) {
          throw new ApiError('api.unlock.not_unlockable');
        }
        const redeemCode = generateRedeemCode();
        await tx
          .update(userTicketBenefits)
          .set({ redeemCode, unlockedAt: now() })
          .where(eq(userTicketBenefits.id, row.usage.id));
        return { redeemCode };
      });
    },
  };
}
