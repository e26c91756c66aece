// What a payment pays for, as the server names it on the payments provider's intent: a swap's difference or a resale
// purchase. A tagged union, so the services read a checked value instead of loose metadata strings; the Stripe adapter
// alone turns it into the intent's metadata keys and back (src/server/adapters/payments.ts).

export type PaymentPurpose =
  | { kind: 'swap'; swapOrder: string }
  | { kind: 'resale'; shareCode: string; buyerId: number; listingIds: number[] };

/** The metadata keys on the provider's intent. Kept as they were first written, so older intents still read. */
export const PAYMENT_METADATA_KEYS = {
  swapOrder: 'swapOrder',
  resaleShareCode: 'resaleShareCode',
  buyer: 'buyer',
  listings: 'listings',
} as const;

export function purposeToMetadata(purpose: PaymentPurpose): Record<string, string> {
  const keys = PAYMENT_METADATA_KEYS;
  if (purpose.kind === 'swap') return { [keys.swapOrder]: purpose.swapOrder };
  return { [keys.resaleShareCode]: purpose.shareCode, [keys.buyer]: String(purpose.buyerId), [keys.listings]: purpose.listingIds.join(',') };
}

const positiveId = (text: string) => /^[1-9]\d{0,15}$/.test(text) && Number.isSafeInteger(Number(text));

/** The purpose an intent's metadata names; null for metadata that is not ours or is malformed. */
export function purposeFromMetadata(metadata: Record<string, string> | null | undefined): PaymentPurpose | null {
  if (!metadata) return null;
  const keys = PAYMENT_METADATA_KEYS;
  const swapOrder = metadata[keys.swapOrder];
  if (swapOrder) return { kind: 'swap', swapOrder };
  const shareCode = metadata[keys.resaleShareCode];
  const buyer = metadata[keys.buyer] ?? '';
  const listings = (metadata[keys.listings] ?? '').split(',');
  if (!shareCode || !positiveId(buyer) || !listings.every(positiveId)) return null;
  return { kind: 'resale', shareCode, buyerId: Number(buyer), listingIds: listings.map(Number) };
}
