// Google Wallet's REST API, to change a saved pass: the object a save link embedded is created by Google when the holder
// saves it, and from then on only this API changes it. The service account trades a signed grant (RFC 7523 JWT
// bearer, RS256, scope wallet_object.issuer) for an access token at the token URI, kept until shortly before it
// expires, and PATCHes `walletobjects/v1/eventTicketObject/<issuer>.<suffix>` with the new state. A 404 means the
// link was never saved (docs/decisions/0073-wallet-pass-updates-apns-pushes-and-expiring-a-saved-google.md).
import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletSigning } from '../../config';
import type { PushLog } from './push';

export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** ACTIVE shows; INACTIVE hides (passed on: no longer the holder's); COMPLETED shows among used passes. */
export type GoogleObjectState = 'ACTIVE' | 'INACTIVE' | 'COMPLETED' | 'EXPIRED';

export interface GoogleWalletUpdates {
  readonly enabled: boolean;
  /** 'updated', or 'not_saved' when Google has no such object (the link was never saved). */
  setState(objectId: string, state: GoogleObjectState): Promise<'updated' | 'not_saved'>;
}

export const noGoogleWalletUpdates: GoogleWalletUpdates = { enabled: false, setState: async () => 'not_saved' };

export interface GoogleApiOptions {
  /** https://walletobjects.googleapis.com, or a stand-in. */
  url: string;
  tokenUrl: string;
  signing: GoogleWalletSigning;
  log: PushLog;
  /** Google's clock is the real one, whatever the app's clock says. */
  now?: () => number;
  timeoutMs?: number;
}

export function createGoogleWalletUpdates(options: GoogleApiOptions): GoogleWalletUpdates {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let key: Promise<CryptoKey> | undefined;
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    key ??= importPKCS8(options.signing.privateKeyPem, 'RS256');
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(options.signing.serviceAccountEmail)
      .setAudience(options.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await key);
    const answer = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await answer.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!answer.ok || typeof body.access_token !== 'string') {
      throw new Error(`Google's token endpoint refused the grant: ${answer.status} ${typeof body.error === 'string' ? body.error : ''}`.trim());
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    token = { value: body.access_token, expiresAt: now() + (lifetime - 60) * 1000 };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    enabled: true,
    async setState(objectId, state) {
      const patch = async () =>
        fetch(`${options.url}/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ state }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      let answer = await patch();
      // A token revoked or expired early: one fresh grant, once.
      if (answer.status === 401) {
        await answer.body?.cancel();
        token = undefined;
        answer = await patch();
      }
      if (answer.status === 404) {
        await answer.body?.cancel();
        options.log.info({ objectId }, 'Google Wallet has no such object (the pass was never saved)');
        return 'not_saved';
      }
      if (!answer.ok) throw new Error(`Google Wallet refused to set ${objectId} ${state}: ${answer.status} ${(await answer.text()).slice(0, 200)}`);
      return 'updated';
    },
  };
}
