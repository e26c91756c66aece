// USER_TICKET_ID (docs/product.md §2) carries a user ticket id "encoded": base64url (no padding) of the id's decimal digits,
// so 42 travels as "NDI". Not a secret (the server checks ownership); it keeps the id opaque and the URL stable.
// Decoding is strict: anything that is not the canonical encoding of a positive safe integer is refused.

const canonicalId = /^[1-9]\d{0,15}$/;
const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

export function encodeUserTicketId(id: number): string {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`not a user ticket id: ${id}`);
  return btoa(String(id)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The user ticket id of a USER_TICKET_ID value, or null when the value is missing or not a valid encoding. */
export function decodeUserTicketId(encoded: string | null | undefined): number | null {
  if (!encoded || encoded.length > 32 || !base64url.test(encoded)) return null;
  const unpadded = encoded.replace(/=+$/, '');
  let digits: string;
  try {
    digits = atob(unpadded.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  if (!canonicalId.test(digits)) return null;
  const id = Number(digits);
  if (!Number.isSafeInteger(id)) return null;
  // Only the canonical spelling: two URLs never name the same ticket differently.
  return encodeUserTicketId(id) === unpadded ? id : null;
}
