// The entry code printed in a wallet pass: `TW3.<userTicketId>.<mac>`, static for the life of the pass (a pass cannot
// rotate a code every 15 s). It names one user ticket row, and a row belongs to one holder for good: a gift, sale,
// swap or redeem ends it and gives the new holder a new row, so the gate, which checks the row online, refuses the
// old pass's code from that moment (docs/decisions.md, "Wallet passes").
import { createHmac } from 'node:crypto';
import { MAX_ID } from '../../../contract/endpoints';
import { sameHash } from '../auth/tokens';

export const PASS_CODE_VERSION = 'TW3';

/** A keyed MAC of `text` under a purpose label, base64url, 22 characters (128 bits). */
export function passMac(secret: Uint8Array, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${text}`).digest('base64url').slice(0, 22);
}

export function passCode(secret: Uint8Array, userTicketId: number): string {
  const body = `${PASS_CODE_VERSION}.${userTicketId}`;
  return `${body}.${passMac(secret, 'wallet-pass-code', body)}`;
}

/** The user ticket a pass code this server signed names, else null (another version, a bad MAC, a bad id). */
export function readPassCode(secret: Uint8Array, code: string): number | null {
  const [version, id, mac, ...rest] = code.trim().split('.');
  if (version !== PASS_CODE_VERSION || rest.length || !id || !mac || !/^\d{1,10}$/.test(id)) return null;
  const userTicketId = Number(id);
  if (userTicketId <= 0 || userTicketId > MAX_ID) return null;
  return sameHash(mac, passMac(secret, 'wallet-pass-code', `${PASS_CODE_VERSION}.${userTicketId}`)) ? userTicketId : null;
}
