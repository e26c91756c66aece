// Access tokens remembered as verified (createAccessTokenVerifier): the same verdict as verifying anew, at any time.
import { describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, signAccessToken, verifyAccessToken } from '../../../src/server/modules/auth/tokens';

const secret = new TextEncoder().encode('token-memory-secret-token-memory-secret-0123');
const issued = new Date('2026-05-01T10:00:00.000Z');
const at = (ms: number) => new Date(issued.getTime() + ms);

describe('the verified-token memory', () => {
  it('answers what jose answers, before and after a remembered use, up to the expiry second', async () => {
    const verify = createAccessTokenVerifier(secret);
    const token = await signAccessToken(secret, { userId: 7, familyId: 'fam-1' }, issued, 60);
    for (const ms of [0, 1_000, 59_000, 59_999, 60_000, 61_000, 30_000]) {
      // The memory is asked after jose, so from the second call on it answers from what it remembered.
      const fresh = await verifyAccessToken(secret, token, at(ms));
      expect(await verify(token, at(ms)), `at +${ms} ms`).toEqual(fresh);
    }
    expect(await verify(token, at(59_999))).toEqual({ userId: 7, familyId: 'fam-1' });
    expect(await verify(token, at(60_000))).toBeNull();
  });

  it('never remembers a token that failed, and tells apart a token with one changed character', async () => {
    const verify = createAccessTokenVerifier(secret);
    const token = await signAccessToken(secret, { userId: 7, familyId: 'fam-1' }, issued, 60);
    const forged = await signAccessToken(new TextEncoder().encode('another-secret-another-secret-another-secret'), { userId: 7, familyId: 'fam-1' }, issued, 60);
    expect(await verify(forged, at(0))).toBeNull();
    expect(await verify(forged, at(0))).toBeNull();
    expect(await verify(token, at(0))).not.toBeNull();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await verify(token.slice(0, -1) + last, at(0))).toBeNull();
  });

  it('stays bounded and still verifies a token it had to forget', async () => {
    const verify = createAccessTokenVerifier(secret, 2);
    const tokens = await Promise.all([1, 2, 3].map((userId) => signAccessToken(secret, { userId, familyId: `f${userId}` }, issued, 60)));
    for (const token of tokens) expect(await verify(token, at(0))).not.toBeNull();
    expect(await verify(tokens[0]!, at(0))).toEqual({ userId: 1, familyId: 'f1' });
    expect(await verify(tokens[0]!, at(61_000))).toBeNull();
  });
});
