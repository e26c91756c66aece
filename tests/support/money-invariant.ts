// The money invariant of resale, checked after every test of the payments suites: for each settled purchase the charge
// is the listings' price plus fee, each seller's payout is the listing's price, and the payout's state matches the
// charge's (refunded or a lost dispute: held with that reason, or reversed; disputed: held, or paid before it; else held
// until the event's end, or paid). With the Connect stub: each transfer that was made is a paid or reversed payout's,
// drawn on its charge, and reversed exactly when the payout is.
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { listings, payments, payouts } from '../../src/server/db/schema';
import type { StripeConnectStub } from './stripe-connect-stub';

export async function assertMoneyAddsUp(db: Database, connect?: StripeConnectStub): Promise<void> {
  const resale = await db.select().from(payments).where(eq(payments.purpose, 'resale'));
  for (const payment of resale) {
    const sold = await db.select().from(listings).where(eq(listings.paymentId, payment.id));
    expect(sold.length, `payment ${payment.id} sold listings`).toBeGreaterThan(0);
    expect(payment.amountMinor, `payment ${payment.id}: charge = price + fee`).toBe(sold.reduce((sum, row) => sum + row.priceMinor + row.serviceFeeMinor, 0));
    const owed = await db.select().from(payouts).where(inArray(payouts.listingId, sold.map((row) => row.id)));
    expect(owed).toHaveLength(sold.length);
    for (const payout of owed) {
      const listing = sold.find((row) => row.id === payout.listingId)!;
      expect(payout.amountMinor, `payout ${payout.id} = price`).toBe(listing.priceMinor);
      if (payout.paymentId !== null) expect(payout.paymentId).toBe(payment.id);
      const lost = payment.refundedMinor > 0 || payment.disputeStatus === 'lost';
      const state = `${payout.status}:${payout.holdReason ?? ''}`;
      if (lost) {
        const reason = payment.refundedMinor > 0 ? 'refunded' : 'dispute_lost';
        expect([`held:${reason}`, 'reversed:'], `payout ${payout.id} of a ${reason} charge`).toContain(state);
        if (payout.status === 'reversed') expect([reason, 'transfer_reversed']).toContain(payout.reversalReason);
      } else if (payment.disputeStatus === 'open') {
        expect(['held:disputed', 'paid:', 'reversed:'], `payout ${payout.id} of a disputed charge`).toContain(state);
      } else {
        expect(['held:', 'paid:', 'reversed:'], `payout ${payout.id} of a charge in good standing`).toContain(state);
        if (payout.status === 'reversed') expect(payout.reversalReason).toBe('transfer_reversed');
      }
      if (connect && payout.provider === 'stripe' && payout.providerTransferId) {
        const transfer = connect.transfers.get(payout.providerTransferId)!;
        expect(transfer.amount).toBe(payout.amountMinor);
        if (payment.providerChargeId) expect(transfer.source_transaction).toBe(payment.providerChargeId);
        if (payout.reversalReason !== 'transfer_reversed') expect(transfer.reversed).toBe(payout.status === 'reversed');
      }
    }
  }
  if (connect) {
    const paidTransfers = new Set((await db.select({ id: payouts.providerTransferId }).from(payouts)).map((row) => row.id));
    for (const id of connect.transfers.keys()) expect(paidTransfers.has(id), `transfer ${id} belongs to a payout`).toBe(true);
  }
}
