// Local stand-ins for the services that update saved wallet passes, checking what the real ones check.
// - APNs: HTTP/2 over TLS (its own self-signed certificate, which the app trusts through APNS_CA), a client
//   certificate chained to the configured WWDR authority, `apns-topic` equal to the certificate's pass type id (its
//   UID), POST /3/device/<hex token>; or, started with a provider key instead of an authority, no client certificate
//   but `authorization: bearer <jwt>`: an ES256 JWT that verifies with the key's public half, `kid` = the key id,
//   `iss` = the team, `iat` within the hour (403 MissingProviderToken, InvalidProviderToken, ExpiredProviderToken), and
//   `apns-topic` equal to the pass type id the key may push to; 200 with an apns-id, 410 Unregistered (with the `timestamp`, ms, since when)
//   for tokens marked gone, 400 otherwise.
// - Google: the OAuth token endpoint takes a JWT bearer grant only when it verifies with the service account's public
//   key (issuer, audience = the token URL, the Wallet scope, not expired); the Wallet API takes PATCH
//   /walletobjects/v1/eventTicketObject/<id> only with a token it issued, 404 for an object never saved.
import { createPublicKey, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import forge from 'node-forge';
import { rsaKeyPair } from '../../src/server/dev-credentials';

/** A self-signed server certificate for 127.0.0.1 (the stub's own; the client trusts exactly it). */
export function selfSignedServerCertificate(): { certPem: string; keyPem: string } {
  const { privateKeyPem, publicKeyPem } = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const name = [{ name: 'commonName', value: 'APNs stand-in' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: privateKeyPem };
}

export interface ApnsPush {
  path: string;
  token: string;
  headers: Record<string, string | undefined>;
  body: string;
  /** The UID (pass type id) of the client certificate the push came with. */
  certificateUid: string | undefined;
  /** The provider token (the JWT of `authorization: bearer`), when it came with one. */
  providerToken: string | undefined;
}

/** Token-based authentication: the APNs auth key's public half, its key id, its team, and the topic it may push to. */
export interface ApnsProviderKey {
  publicKey: KeyObject;
  keyId: string;
  teamId: string;
  topic: string;
}

export interface ApnsStub {
  url: string;
  caPem: string;
  pushes: ApnsPush[];
  /** Pushes refused, with why (status and reason). */
  refusals: string[];
  /** Tokens answered 410 Unregistered, with the time of the answer as the moment they stopped being valid. */
  gone: Set<string>;
  /** Tokens answered 410 Unregistered with this timestamp (ms since the epoch). */
  goneSince: Map<string, number>;
  close(): Promise<void>;
}

/** `auth`: the authority client certificates must chain to (certificate authentication), or the provider key. */
export async function startApnsStub(auth: string | ApnsProviderKey): Promise<ApnsStub> {
  const { certPem, keyPem } = selfSignedServerCertificate();
  const providerKey = typeof auth === 'string' ? undefined : auth;
  const pushes: ApnsPush[] = [];
  const refusals: string[] = [];
  const gone = new Set<string>();
  const goneSince = new Map<string, number>();
  const server = createSecureServer(
    providerKey
      ? { cert: certPem, key: keyPem, allowHTTP1: false }
      : { cert: certPem, key: keyPem, ca: auth as string, requestCert: true, rejectUnauthorized: true, allowHTTP1: false },
  );
  const sessions = new Set<import('node:http2').ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', async () => {
      const answer = (status: number, reason?: string, timestamp?: number) => {
        if (status !== 200) refusals.push(`${status} ${reason}`);
        stream.respond({ ':status': status, 'apns-id': randomUUID(), ...(reason ? { 'content-type': 'application/json' } : {}) });
        stream.end(reason ? JSON.stringify({ reason, ...(timestamp ? { timestamp } : {}) }) : undefined);
      };
      const path = String(headers[constants.HTTP2_HEADER_PATH]);
      const match = /^\/3\/device\/([0-9a-f]{64})$/i.exec(path);
      if (headers[constants.HTTP2_HEADER_METHOD] !== 'POST') return answer(405, 'MethodNotAllowed');
      if (!match) return answer(400, 'BadDeviceToken');
      const certificate = (stream.session?.socket as import('node:tls').TLSSocket | undefined)?.getPeerX509Certificate();
      const certificateUid = /^UID=(.+)$/m.exec(certificate?.subject ?? '')?.[1];
      const pick = (name: string) => (headers[name] === undefined ? undefined : String(headers[name]));
      const providerToken = /^bearer (\S+)$/.exec(pick('authorization') ?? '')?.[1];
      pushes.push({
        path,
        token: match[1]!,
        headers: { 'apns-topic': pick('apns-topic'), 'apns-push-type': pick('apns-push-type'), 'apns-priority': pick('apns-priority') },
        body,
        certificateUid,
        providerToken,
      });
      if (providerKey) {
        if (!providerToken) return answer(403, 'MissingProviderToken');
        try {
          const header = decodeProtectedHeader(providerToken);
          const { payload } = await jwtVerify(providerToken, providerKey.publicKey, { algorithms: ['ES256'], issuer: providerKey.teamId });
          if (header.kid !== providerKey.keyId || Object.keys(header).sort().join() !== 'alg,kid' || Object.keys(payload).sort().join() !== 'iat,iss') {
            return answer(403, 'InvalidProviderToken');
          }
          if (Date.now() / 1000 - payload.iat! > 3600) return answer(403, 'ExpiredProviderToken');
        } catch {
          return answer(403, 'InvalidProviderToken');
        }
      }
      if (!pick('apns-topic')) return answer(400, 'MissingTopic');
      if (pick('apns-topic') !== (providerKey ? providerKey.topic : certificateUid)) return answer(400, 'TopicDisallowed');
      if (pick('apns-push-type') === 'background' && pick('apns-priority') === '10') return answer(400, 'BadPriority');
      try {
        JSON.parse(body);
      } catch {
        return answer(400, 'PayloadEmpty');
      }
      const since = goneSince.get(match[1]!) ?? (gone.has(match[1]!) ? Date.now() : undefined);
      if (since !== undefined) return answer(410, 'Unregistered', since);
      answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caPem: certPem,
    pushes,
    refusals,
    gone,
    goneSince,
    close: () =>
      new Promise((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface GooglePatch {
  objectId: string;
  body: Record<string, unknown>;
  token: string;
}

export interface GoogleWalletStub {
  url: string;
  tokenUrl: string;
  /** Objects Google holds (created when a holder saves the link). */
  saved: Set<string>;
  patches: GooglePatch[];
  grants: number;
  /** Requests refused, with why (a bad grant, an unknown token). */
  refusals: string[];
  close(): Promise<void>;
}

export const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startGoogleWalletStub(serviceAccount: { email: string; privateKeyPem: string }): Promise<GoogleWalletStub> {
  const publicKey = createPublicKey(serviceAccount.privateKeyPem);
  const tokens = new Set<string>();
  const stub = { saved: new Set<string>(), patches: [] as GooglePatch[], grants: 0, refusals: [] as string[] };
  let tokenUrl = '';
  const server = createHttpServer(async (request, response) => {
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const body = await bodyOf(request);
    const url = new URL(request.url ?? '/', 'http://stub');
    if (request.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body);
      if (request.headers['content-type'] !== 'application/x-www-form-urlencoded' || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        stub.refusals.push('unsupported_grant_type');
        return send(400, { error: 'unsupported_grant_type' });
      }
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, { issuer: serviceAccount.email, audience: tokenUrl, algorithms: ['RS256'] });
        if (protectedHeader.typ !== 'JWT' || payload.scope !== GOOGLE_WALLET_SCOPE || typeof payload.exp !== 'number' || payload.exp - (payload.iat ?? 0) > 3600) {
          throw new Error('bad claims');
        }
      } catch (error) {
        stub.refusals.push(`invalid_grant: ${(error as Error).message}`);
        return send(400, { error: 'invalid_grant' });
      }
      const token = `ya29.stub-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      stub.grants += 1;
      return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const object = /^\/walletobjects\/v1\/eventTicketObject\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'PATCH' && object) {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) {
        stub.refusals.push('unauthenticated');
        return send(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      let patch: Record<string, unknown>;
      try {
        patch = JSON.parse(body);
      } catch {
        return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
      }
      const objectId = decodeURIComponent(object[1]!);
      stub.patches.push({ objectId, body: patch, token });
      if (!stub.saved.has(objectId)) return send(404, { error: { code: 404, status: 'NOT_FOUND', message: `${objectId} not found` } });
      if (!['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'].includes(String(patch.state))) return send(400, { error: { code: 400, status: 'INVALID_ARGUMENT' } });
      return send(200, { id: objectId, state: patch.state });
    }
    send(404, { error: { code: 404 } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  tokenUrl = `${url}/token`;
  return Object.assign(stub, {
    url,
    tokenUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
