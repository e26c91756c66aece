// Organiser keys (the `X-Organizer-Key` of the gate scanner and the door calls) carry at least 128 bits of randomness:
// guessing one online is then hopeless however many addresses share the guesses (the key guard only slows them,
// src/server/http/key-guard.ts). Keys are made from crypto.randomBytes; a configured key is refused at start when its
// encoding has no room for 128 random bits. Stored as their SHA-256 (organisations.organizer_key_hash).
import { createHash, randomBytes } from 'node:crypto';

export const ORGANIZER_KEY_MIN_BITS = 128;
/** Names what the string is when it turns up in a log or a paste; not part of the randomness. */
export const ORGANIZER_KEY_PREFIX = 'tw_ok_';

/**
 * The demo organisation's key (the seed's and the README's; DEMO_ORGANIZER_KEY overrides it). Public, so a server
 * anyone can reach configures its own or seeds no demo data.
 */
export const DEFAULT_DEMO_ORGANIZER_KEY = `${ORGANIZER_KEY_PREFIX}D6zugq-tikdCqBIZAYarPiXqhaRIG8wj`;

/** A new key: 24 random bytes (192 bits), base64url. */
export function generateOrganizerKey(): string {
  return ORGANIZER_KEY_PREFIX + randomBytes(24).toString('base64url');
}

/**
 * The most randomness the key's encoding can hold, in bits: hex holds 4 per character, base64url 6 (the prefix holds
 * none). A string can hold less than this (`aaaa…`), never more: the check refuses what is too short to be safe.
 */
export function organizerKeyBits(key: string): number {
  const body = key.startsWith(ORGANIZER_KEY_PREFIX) ? key.slice(ORGANIZER_KEY_PREFIX.length) : key;
  if (/^[0-9a-f]+$/i.test(body)) return body.length * 4;
  if (/^[A-Za-z0-9_-]+$/.test(body)) return body.length * 6;
  // Anything else (spaces, punctuation: a pass phrase someone typed) is not an encoding of random bytes.
  return 0;
}

/** Why a configured key is refused, for the start-up message; undefined when it is long enough. */
export function organizerKeyProblem(key: string): string | undefined {
  if (organizerKeyBits(key) >= ORGANIZER_KEY_MIN_BITS) return undefined;
  return `an organiser key must carry at least ${ORGANIZER_KEY_MIN_BITS} bits of randomness: 32 hex or 22 base64url characters (after an optional ${ORGANIZER_KEY_PREFIX}); make one with \`npm run organizer-key\``;
}

export function hashOrganizerKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
