// A digital benefit's redeem code: made when it is unlocked (or with the ticket, for one that is not unlockable), and
// made anew for the new holder when the ticket changes hands (lifecycle's transferTicket).
import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for each other when read off a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRedeemCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}
