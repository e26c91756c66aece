// The port through which Apple Wallet devices are told that a pass changed: an empty APNs push to each device's push
// token, topic = the pass type id; the device then asks the web service which passes changed and fetches them
// (Apple's PassKit web service). The change is recorded either way (wallet_passes.updated_at), so without pushes
// (the no-op port: no APNS_URL with the development signer) a device finds it the next time it asks.
// The APNs adapter speaks HTTP/2 to APNS_URL, authenticated by the pass type's certificate as TLS client certificate
// (the certificate that signs the passes is the one APNs accepts for their topic), or, with an APNs auth key
// (APNS_KEY_FILE, APNS_KEY_ID, APNS_TEAM_ID), by a provider token: an ES256 JWT with the key id as `kid` and the team
// as `iss`, sent as `authorization: bearer <jwt>`, signed once and reused until it is 50 minutes old (Apple refuses a
// token older than an hour, and one refreshed more often than every 20 minutes). It reports the tokens APNs
// answers 410 for with APNs's timestamp, and the service unregisters those registered no later than it (a device that
// registered again since keeps its registration). docs/decisions/0073-wallet-pass-updates-apns-pushes-and-expiring-a-saved-google.md, decision 0077.
import { createPrivateKey } from 'node:crypto';
import { connect, type ClientHttp2Session } from 'node:http2';
import { SignJWT } from 'jose';

/** A token APNs says is no longer active for the topic (410), and since when, as APNs said (its `timestamp`, ms). */
export interface GoneToken {
  token: string;
  /** Absent when APNs gave no usable timestamp: the token is gone whenever the device registered. */
  since?: Date;
}

export interface PassPushResult {
  /** The tokens APNs answered 410 for: their registrations made before `since` go. */
  gone: GoneToken[];
}

export interface PassPush {
  /** Whether notifying is worth a database read (the no-op port says no). */
  readonly enabled: boolean;
  notify(passTypeId: string, pushTokens: string[]): Promise<PassPushResult>;
}

export const noPassPush: PassPush = { enabled: false, notify: async () => ({ gone: [] }) };

export interface PushLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The pass type's certificate and key (PEM), the TLS client certificate APNs authenticates the topic by. */
export interface ApnsCertificateAuth {
  certPem: string;
  keyPem: string;
  keyPassphrase?: string;
}

/** An APNs auth key (the .p8 file's PEM), its key id and the team that owns it: provider tokens instead of a certificate. */
export interface ApnsTokenAuth {
  token: { keyPem: string; keyId: string; teamId: string };
}

/** A provider token is signed again once this old: within Apple's hour, and well apart from its 20-minute floor. */
export const APNS_TOKEN_REFRESH_MS = 50 * 60_000;

export type ApnsOptions = (ApnsCertificateAuth | ApnsTokenAuth) & {
  /** https://api.push.apple.com, or a stand-in. */
  url: string;
  /** Certificates trusted for the server instead of the system's. */
  caPem?: string;
  log: PushLog;
  timeoutMs?: number;
  /** The clock the provider token's age is read on (ms since the epoch). */
  now?: () => number;
};

/**
 * The provider token: one JWT signed and shared by every push until it is APNS_TOKEN_REFRESH_MS old. Header
 * { alg: ES256, kid: key id }, claims { iss: team id, iat: seconds } and nothing else, as APNs expects.
 */
function providerTokens({ keyPem, keyId, teamId }: ApnsTokenAuth['token'], now: () => number) {
  const key = createPrivateKey(keyPem);
  let current: { issuedAt: number; jwt: Promise<string> } | undefined;
  const get = (): Promise<string> => {
    const at = now();
    if (!current || at - current.issuedAt >= APNS_TOKEN_REFRESH_MS) {
      const issuedAt = at;
      const jwt = new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: keyId })
        .setIssuer(teamId)
        .setIssuedAt(Math.floor(issuedAt / 1000))
        .sign(key);
      current = { issuedAt, jwt };
      // A failed signing is not kept: the next push signs again.
      jwt.catch(() => {
        if (current?.jwt === jwt) current = undefined;
      });
    }
    return current.jwt;
  };
  /** APNs called `jwt` expired (403 ExpiredProviderToken: a clock that jumped, a host that slept): sign anew next time. */
  const expire = async (jwt: string) => {
    if (current && (await current.jwt.catch(() => undefined)) === jwt) current = undefined;
  };
  return { get, expire };
}

/** APNs device tokens are hex; anything else is not sent (it would only earn a 400 BadDeviceToken). */
const TOKEN = /^[0-9a-fA-F]{16,200}$/;

export function createApnsPush(options: ApnsOptions): PassPush {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const bearer = 'token' in options ? providerTokens(options.token, options.now ?? Date.now) : undefined;

  /** One push on the session; `failure` holds the session's own error once it has one (a stream then ends unanswered). */
  function send(session: ClientHttp2Session, failure: { error?: Error }, passTypeId: string, token: string, jwt: string | undefined): Promise<{ status: number; reason?: string; timestamp?: number }> {
    return new Promise((resolve, reject) => {
      // Apple's Wallet updates: an empty JSON dictionary as payload, the pass type id as topic. No alert, badge or
      // sound, so the push type is `background`, and a background push must go at priority 5.
      const request = session.request({
        ':method': 'POST',
        ':path': `/3/device/${token}`,
        'apns-topic': passTypeId,
        'apns-push-type': 'background',
        'apns-priority': '5',
        'content-type': 'application/json',
        ...(jwt ? { authorization: `bearer ${jwt}` } : {}),
      });
      request.setTimeout(timeoutMs, () => request.close());
      let status = 0;
      let body = '';
      request.setEncoding('utf8');
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        // The stream ended with no answer: the session failed (a refused handshake, a reset).
        if (!status) return reject(failure.error ?? new Error('APNs closed the stream without an answer'));
        let reason: string | undefined;
        let timestamp: number | undefined;
        try {
          const answer = body ? (JSON.parse(body) as { reason?: unknown; timestamp?: unknown }) : {};
          reason = typeof answer.reason === 'string' ? answer.reason : undefined;
          // 410's `timestamp`: when APNs last confirmed the token was no longer valid for the topic (ms since the epoch).
          timestamp = typeof answer.timestamp === 'number' && Number.isFinite(answer.timestamp) && answer.timestamp > 0 ? answer.timestamp : undefined;
        } catch {
          reason = body.slice(0, 200);
        }
        resolve({ status, ...(reason ? { reason } : {}), ...(timestamp ? { timestamp } : {}) });
      });
      request.on('error', (error) => reject(failure.error ?? error));
      request.end('{}');
    });
  }

  return {
    enabled: true,
    async notify(passTypeId, pushTokens) {
      const tokens = pushTokens.filter((token) => {
        if (TOKEN.test(token)) return true;
        options.log.warn({ passTypeId }, 'Apple Wallet push token is not an APNs device token; not sent');
        return false;
      });
      if (!tokens.length) return { gone: [] };
      let jwt = bearer ? await bearer.get() : undefined;
      const session = connect(options.url, {
        ...('certPem' in options
          ? { cert: options.certPem, key: options.keyPem, ...(options.keyPassphrase ? { passphrase: options.keyPassphrase } : {}) }
          : {}),
        ...(options.caPem ? { ca: options.caPem } : {}),
      });
      const failure: { error?: Error } = {};
      session.setTimeout(timeoutMs, () => session.destroy(new Error(`APNs did not answer within ${timeoutMs} ms`)));
      const failed = new Promise<never>((_, reject) =>
        session.once('error', (error: Error) => {
          failure.error = error;
          reject(error);
        }),
      );
      failed.catch(() => {});
      try {
        const answers = await Promise.race([Promise.allSettled(tokens.map((token) => send(session, failure, passTypeId, token, jwt))), failed]);
        // An expired provider token: one new token, and the pushes it refused go once more with it (else those passes
        // would wait for their next change). Apple refuses a new token more often than every 20 minutes only when the
        // old one was still good, which an ExpiredProviderToken says it was not.
        const expired = answers.flatMap((answer, index) => (answer.status === 'fulfilled' && answer.value.status === 403 && answer.value.reason === 'ExpiredProviderToken' ? [index] : []));
        if (bearer && jwt && expired.length) {
          options.log.info({ count: expired.length }, 'APNs says the provider token expired; signing a new one and pushing again');
          await bearer.expire(jwt);
          jwt = await bearer.get();
          const again = await Promise.race([Promise.allSettled(expired.map((index) => send(session, failure, passTypeId, tokens[index]!, jwt))), failed]);
          again.forEach((answer, at) => (answers[expired[at]!] = answer));
        }
        // No push went through at all: the connection failed (refused certificate, unreachable), one error for all.
        const rejected = answers.filter((answer) => answer.status === 'rejected');
        if (rejected.length === answers.length) throw new Error(`APNs push failed: ${String((rejected[0] as PromiseRejectedResult).reason?.message ?? rejected[0])}`, { cause: (rejected[0] as PromiseRejectedResult).reason });
        const gone: GoneToken[] = [];
        answers.forEach((answer, index) => {
          const token = tokens[index]!;
          const tail = token.slice(-8);
          if (answer.status === 'rejected') options.log.warn({ err: answer.reason, token: tail }, 'APNs push failed');
          else if (answer.value.status === 410) gone.push({ token, ...(answer.value.timestamp ? { since: new Date(answer.value.timestamp) } : {}) });
          else if (answer.value.status !== 200) options.log.warn({ status: answer.value.status, reason: answer.value.reason, token: tail }, 'APNs refused a push');
        });
        if (gone.length) options.log.info({ count: gone.length }, 'APNs says these Apple Wallet devices are gone; unregistering those that have not registered since');
        return { gone };
      } finally {
        session.close();
      }
    },
  };
}
