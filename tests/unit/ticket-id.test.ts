// USER_TICKET_ID encoding (docs/decisions/0026-my-tickets-single-ticket-and-benefit-modal-web.md): base64url of the decimal id without padding, decoded strictly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUserTicketId, encodeUserTicketId } from '../../machines/ticket-id';

describe('user ticket id encoding', () => {
  it.each([
    [1, 'MQ'],
    [42, 'NDI'],
    [4821, 'NDgyMQ'],
    [Number.MAX_SAFE_INTEGER, 'OTAwNzE5OTI1NDc0MDk5MQ'],
  ])('encodes %i as %s', (id, encoded) => {
    expect(encodeUserTicketId(id)).toBe(encoded);
    expect(decodeUserTicketId(encoded)).toBe(id);
  });

  it('round-trips every positive safe integer, in URL-safe characters only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        const encoded = encodeUserTicketId(id);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeUserTicketId(encoded)).toBe(id);
      }),
    );
  });

  it('accepts the padded spelling of a valid id', () => {
    expect(decodeUserTicketId('NDI=')).toBe(42);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not base64url', 'NDI!'],
    ['standard base64 characters', 'N+I/'],
    ['not digits', btoa('abc')],
    ['a leading zero (not canonical)', 'MDQy'],
    ['zero', 'MA'],
    ['negative', btoa('-4')],
    ['beyond safe integers', btoa('9007199254740993').replace(/=+$/, '')],
    ['a plain number', '42'],
    ['too long', 'M'.repeat(40)],
    ['a bad length', 'N'],
  ])('refuses %s', (_, value) => {
    expect(decodeUserTicketId(value)).toBeNull();
  });

  it('refuses to encode what is not an id', () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) expect(() => encodeUserTicketId(id)).toThrow(RangeError);
  });
});
