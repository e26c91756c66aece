// The Google pass's rotating code is RFC 6238 TOTP (HMAC-SHA1, 8 digits): the RFC's own test vectors, and the gate's
// reading of a code — its step or a neighbour, never a forged value, another ticket's key or another version.
import { describe, expect, it } from 'vitest';
import { hotp, readRotatingCode, ROTATING_PERIOD_SECONDS, rotatingCode } from '../../src/server/modules/passes/barcode';

describe('hotp', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives RFC 6238 appendix B at T=%i (SHA-1, 30 s): %s', (seconds, expected) => {
    expect(hotp(Buffer.from('12345678901234567890'), Math.floor(seconds / 30), 8)).toBe(expected);
  });
});

describe('readRotatingCode', () => {
  const secret = new TextEncoder().encode('a test secret of thirty-two bytes!');
  const at = new Date('2026-12-02T04:00:07Z');
  const step = ROTATING_PERIOD_SECONDS * 1000;

  it('takes the current step and its neighbours, and names the ticket', () => {
    for (const offset of [-step, 0, step]) expect(readRotatingCode(secret, rotatingCode(secret, 42, new Date(at.getTime() + offset)), at)).toBe(42);
  });

  it('refuses a code two steps away, a changed value, another ticket and other shapes', () => {
    expect(readRotatingCode(secret, rotatingCode(secret, 42, new Date(at.getTime() - 2 * step)), at)).toBeNull();
    const code = rotatingCode(secret, 42, at);
    const [version, , seconds, value] = code.split('.');
    expect(readRotatingCode(secret, `${version}.43.${seconds}.${value}`, at)).toBeNull();
    expect(readRotatingCode(secret, `${version}.42.${seconds}.${String((Number(value) + 1) % 1e8).padStart(8, '0')}`, at)).toBeNull();
    expect(readRotatingCode(new TextEncoder().encode('another secret of thirty-two b!!'), code, at)).toBeNull();
    for (const bad of ['TW3.42.1.12345678', `TW4.0.${seconds}.${value}`, `TW4.2147483648.${seconds}.${value}`, `TW4.42.${seconds}.${value}.x`, `TW4.42.${seconds}.1234567`, 'TW4.42']) {
      expect(readRotatingCode(secret, bad, at)).toBeNull();
    }
  });
});
