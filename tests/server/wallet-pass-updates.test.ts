// Saved wallet passes follow the ticket (issue 24): after a change committed, each Apple Wallet device registered for
// the pass gets one empty APNs push (HTTP/2, the pass certificate as TLS client certificate, topic = pass type id) and
// a device APNs answers 410 for is unregistered; a ticket passed on has its saved Google Wallet object set INACTIVE
// (COMPLETED once used at the gate) through the Wallet REST API with a token from a verified service-account grant.
// Both services are local stand-ins (tests/support/wallet-stubs.ts); failures are logged and the change stands.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketTypes, userTickets, walletPassRegistrations } from '../../src/server/db/schema';
import { DEMO_ORGANIZER_KEY } from '../../src/server/db/seed';
import { developmentPassSigner, rsaKeyPair } from '../../src/server/dev-credentials';
import { APNS_TOKEN_REFRESH_MS, createApnsPush } from '../../src/server/modules/passes/push';
import { type ApnsStub, type GoogleWalletStub, startApnsStub, startGoogleWalletStub } from '../support/wallet-stubs';
import { unzip } from '../support/zip';
import { call, createDemoApp, type DemoApp } from './helper';

const PASS_TYPE_ID = 'pass.test.ticketwallet.updates';
const signer = developmentPassSigner(PASS_TYPE_ID, 'TESTTEAM01');
const account = { email: 'wallet-updates@project.iam.gserviceaccount.test', privateKeyPem: rsaKeyPair().privateKeyPem };
const ISSUER_ID = '3388000000000000042';

/** The wallet settings pointing at an APNs stand-in, and Google's at the Google stand-in. */
const settings = (apnsUrl: string, apnsCa: string) => ({
  LOG_LEVEL: 'info',
  APPLE_PASS_TYPE_ID: PASS_TYPE_ID,
  APPLE_TEAM_ID: 'TESTTEAM01',
  APPLE_PASS_SIGNER_CERT: signer.signerCertPem,
  APPLE_PASS_SIGNER_KEY: signer.signerKeyPem,
  APPLE_WWDR_CERT: signer.wwdrPem,
  APNS_URL: apnsUrl,
  APNS_CA: apnsCa,
  GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
  GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ type: 'service_account', client_email: account.email, private_key: account.privateKeyPem }),
  GOOGLE_WALLET_API_URL: google.url,
  GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
});

let t: DemoApp;
let apns: ApnsStub;
let google: GoogleWalletStub;
let alex: string;
const logLines: string[] = [];

beforeAll(async () => {
  apns = await startApnsStub(signer.wwdrPem);
  google = await startGoogleWalletStub(account);
  t = await createDemoApp({
    logger: true,
    logStream: { write: (line) => void logLines.push(line) },
    env: settings(apns.url, apns.caPem),
  });
  alex = t.tokens.alex;
});
afterAll(async () => {
  await t?.close();
  await apns?.close();
  await google?.close();
});

const gift = (userTicketId: number) => call(t.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: alex, payload: { userTicketId, username: 'jordan@example.com' } });
const scan = (token: string, eventId: number) =>
  call(t.app, { method: 'POST', url: '/v1/access/scan', payload: { token, eventId }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });

/** alex's giftable upcoming tickets, each test taking its own. */
async function giftableTickets(): Promise<Array<{ userTicketId: number; eventId: number }>> {
  const listing = (await call(t.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: alex })).json as Array<{ userTicketId: number }>;
  const found: Array<{ userTicketId: number; eventId: number }> = [];
  for (const { userTicketId } of listing) {
    const detail = (await call(t.app, { method: 'GET', url: `/v1/list/ticket_listing/${userTicketId}`, token: alex })).json;
    const [row] = await t.database.db
      .select({ eventId: ticketTypes.eventId, status: userTickets.status })
      .from(userTickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, userTickets.ticketTypeId))
      .where(eq(userTickets.id, userTicketId));
    if (detail.isGiftable && !detail.eventAccessUsedAt && row!.status === 'valid') found.push({ userTicketId, eventId: row!.eventId });
  }
  return found;
}

/** The holder takes both links; the pass is added on a device (its pass.json), the Google object id is the link's. */
async function handOut(userTicketId: number, app = t) {
  const links = (await call(app.app, { method: 'GET', url: `/v1/wallet/tickets/${userTicketId}`, token: app.tokens.alex })).json;
  const pkpass = await call(app.app, { method: 'GET', url: new URL(links.apple).pathname });
  const pass = JSON.parse(unzip(pkpass.response.rawPayload).get('pass.json')!.toString('utf8')) as { serialNumber: string; authenticationToken: string; barcodes: Array<{ message: string }> };
  const payload = decodeJwt(links.google.slice('https://pay.google.com/gp/v/save/'.length)) as { payload: { eventTicketObjects: Array<{ id: string }> } };
  return { pass, googleObjectId: payload.payload.eventTicketObjects[0]!.id };
}

async function registerDevice(pass: { serialNumber: string; authenticationToken: string }, device: string, pushToken: string, app = t) {
  const answer = await call(app.app, {
    method: 'POST',
    url: `/v1/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE_ID}/${pass.serialNumber}`,
    payload: { pushToken },
    headers: { authorization: `ApplePass ${pass.authenticationToken}` },
  });
  expect(answer.status).toBe(201);
}

const pushToken = () => randomBytes(32).toString('hex');
/** The updates go after the commit, in the background: a first TLS session and token grant take a moment on a busy machine. */
const within = { timeout: 15_000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('after a gift', () => {
  it('pushes each device registered for the pass once, over the pass certificate, and sets the saved Google object INACTIVE', async () => {
    const [ticket, other] = await giftableTickets();
    const { pass, googleObjectId } = await handOut(ticket!.userTicketId);
    const { pass: otherPass } = await handOut(other!.userTicketId);
    expect(googleObjectId).toBe(`${ISSUER_ID}.tw-${ticket!.userTicketId}`);
    // The holder saved the link: Google now holds the object.
    google.saved.add(googleObjectId);
    const [a, b, elsewhere] = [pushToken(), pushToken(), pushToken()];
    await registerDevice(pass, 'device-a', a);
    await registerDevice(pass, 'device-b', b);
    await registerDevice(otherPass, 'device-c', elsewhere);
    const pushesBefore = apns.pushes.length;
    const patchesBefore = google.patches.length;

    expect((await gift(ticket!.userTicketId)).status).toBe(200);

    await expect.poll(() => apns.pushes.length - pushesBefore, within).toBe(2);
    await expect.poll(() => google.patches.length - patchesBefore, within).toBe(1);
    await settle();
    const pushes = apns.pushes.slice(pushesBefore);
    expect(pushes.map((push) => push.token).sort()).toEqual([a, b].sort());
    for (const push of pushes) {
      expect(push.path).toBe(`/3/device/${push.token}`);
      expect(push.headers).toEqual({ 'apns-topic': PASS_TYPE_ID, 'apns-push-type': 'background', 'apns-priority': '5' });
      expect(JSON.parse(push.body)).toEqual({});
      expect(push.certificateUid).toBe(PASS_TYPE_ID);
    }
    expect(google.patches.slice(patchesBefore)).toEqual([expect.objectContaining({ objectId: googleObjectId, body: { state: 'INACTIVE' } })]);
    expect(google.refusals).toEqual([]);
    expect(google.grants).toBe(1);
  });
});

describe('what APNs and Google answer', () => {
  it('unregisters a device APNs answers 410 for, keeps the others, and logs an object Google never saved; the gift stands', async () => {
    const [ticket] = await giftableTickets();
    const { pass, googleObjectId } = await handOut(ticket!.userTicketId);
    const [gone, kept] = [pushToken(), pushToken()];
    apns.gone.add(gone);
    await registerDevice(pass, 'device-gone', gone);
    await registerDevice(pass, 'device-kept', kept);
    const registered = () =>
      t.database.db
        .select({ pushToken: walletPassRegistrations.pushToken })
        .from(walletPassRegistrations)
        .where(and(eq(walletPassRegistrations.userTicketId, ticket!.userTicketId), eq(walletPassRegistrations.passTypeId, PASS_TYPE_ID)));

    expect((await gift(ticket!.userTicketId)).status).toBe(200);

    await expect.poll(async () => (await registered()).some((row) => row.pushToken === gone), within).toBe(false);
    expect((await registered()).map((row) => row.pushToken)).toContain(kept);
    expect(apns.pushes.filter((push) => push.token === gone)).toHaveLength(1);
    // Never saved: Google answers 404, logged, nothing retried.
    await expect.poll(() => logLines.some((line) => line.includes('never saved') && line.includes(googleObjectId)), within).toBe(true);
    expect(google.patches.filter((patch) => patch.objectId === googleObjectId)).toHaveLength(1);
  });

  it('sets the saved object of a pass used at the gate COMPLETED, and pushes its device', async () => {
    const [ticket] = await giftableTickets();
    const { pass, googleObjectId } = await handOut(ticket!.userTicketId);
    google.saved.add(googleObjectId);
    const token = pushToken();
    await registerDevice(pass, 'device-gate', token);

    expect((await scan(pass.barcodes[0]!.message, ticket!.eventId)).json).toMatchObject({ userTicketId: ticket!.userTicketId });

    await expect.poll(() => google.patches.filter((patch) => patch.objectId === googleObjectId).map((patch) => patch.body), within).toEqual([{ state: 'COMPLETED' }]);
    await expect.poll(() => apns.pushes.filter((push) => push.token === token).length, within).toBe(1);
    // The access token is reused while it lasts.
    expect(google.grants).toBe(1);
  });

  it('lets the change stand when APNs refuses the certificate and Google cannot be reached, and logs it', async () => {
    // An APNs that trusts another authority refuses the handshake; nothing listens at the Wallet API's address.
    const strict = await startApnsStub(developmentPassSigner(PASS_TYPE_ID, 'TESTTEAM01').wwdrPem);
    const nowhere = await closedAddress();
    const lines: string[] = [];
    const broken = await createDemoApp({
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
      env: { ...settings(strict.url, strict.caPem), GOOGLE_WALLET_API_URL: nowhere, GOOGLE_OAUTH_TOKEN_URL: `${nowhere}/token` },
    });
    try {
      const [userTicketId] = await giftableTicketsOf(broken);
      const { pass, googleObjectId } = await handOut(userTicketId!, broken);
      google.saved.add(googleObjectId);
      await registerDevice(pass, 'device-x', pushToken(), broken);
      const gifted = await call(broken.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: broken.tokens.alex, payload: { userTicketId, username: 'jordan@example.com' } });
      expect(gifted.status).toBe(200);
      await expect.poll(() => lines.filter((line) => line.includes('wallet pass update failed')).length, within).toBe(1);
      const logged = lines.find((line) => line.includes('wallet pass update failed'))!;
      // Both failures in the one line: APNs closed the refused TLS session unanswered, Google's address refused.
      expect(logged).toContain('APNs push failed');
      expect(logged).toContain('ECONNREFUSED');
      expect(strict.pushes).toEqual([]);
      // The ticket is jordan's all the same.
      expect((await call(broken.app, { method: 'GET', url: `/v1/wallet/tickets/${userTicketId}`, token: broken.tokens.alex })).json.code).toBe('api.ticket.not_held');
    } finally {
      await broken.close();
      await strict.close();
    }
  });
});

describe('APNs 410 timestamps', () => {
  // Last in the file: it moves the app's clock on, past the registrations the other tests make.
  it('unregisters a device only when the 410 timestamp is not older than its registration; one that registered again since stays', async () => {
    const [ticket] = await giftableTickets();
    const { pass } = await handOut(ticket!.userTicketId);
    const [stale, gone, again] = [pushToken(), pushToken(), pushToken()];
    const registeredAt = t.clock.now.getTime();
    await registerDevice(pass, 'device-stale', stale);
    await registerDevice(pass, 'device-gone', gone);
    await registerDevice(pass, 'device-again', again);
    // stale: the token stopped being valid a minute before the device registered (it registered anew since).
    apns.goneSince.set(stale, registeredAt - 60_000);
    // gone: the token stopped being valid at the moment the device registered (not older: it goes).
    apns.goneSince.set(gone, registeredAt);
    // again: the token stopped being valid a second after the registration, and the device registered again later.
    apns.goneSince.set(again, registeredAt + 1000);
    t.clock.advance(5000);
    const reregistered = await call(t.app, {
      method: 'POST',
      url: `/v1/wallet/apple/v1/devices/device-again/registrations/${PASS_TYPE_ID}/${pass.serialNumber}`,
      payload: { pushToken: again },
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
    });
    expect(reregistered.status).toBe(200);
    const registered = async () =>
      (
        await t.database.db
          .select({ device: walletPassRegistrations.deviceLibraryId })
          .from(walletPassRegistrations)
          .where(eq(walletPassRegistrations.userTicketId, ticket!.userTicketId))
      )
        .map((row) => row.device)
        .sort();

    expect((await gift(ticket!.userTicketId)).status).toBe(200);

    await expect.poll(registered, within).toEqual(['device-again', 'device-stale']);
    await expect.poll(() => apns.pushes.filter((push) => [stale, gone, again].includes(push.token)).length, within).toBe(3);
    await settle();
    expect(await registered()).toEqual(['device-again', 'device-stale']);
  });
});

/** An APNs auth key as Apple hands it out: a P-256 key in PKCS #8 PEM, in a .p8 file. */
function apnsAuthKey(folder: string, name: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const file = join(folder, `AuthKey_${name}.p8`);
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, keyPem);
  return { file, keyPem, publicKey };
}

describe('APNs token-based authentication (an APNs auth key instead of the certificate)', () => {
  const KEY_ID = 'AUTHKEY001';
  const folder = mkdtempSync(join(tmpdir(), 'tw-apns-key-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('pushes with a bearer ES256 JWT (kid: the key id, iss: the team) that verifies with the key, topic the pass type id, and no client certificate; reused for the next push', async () => {
    const key = apnsAuthKey(folder, KEY_ID);
    // The stand-in asks for no client certificate: only the provider token authenticates.
    const tokenApns = await startApnsStub({ publicKey: key.publicKey, keyId: KEY_ID, teamId: 'TESTTEAM01', topic: PASS_TYPE_ID });
    const app = await createDemoApp({ env: { ...settings(tokenApns.url, tokenApns.caPem), APNS_KEY_FILE: key.file, APNS_KEY_ID: KEY_ID } });
    try {
      expect(app.config.walletPasses.apns?.token).toEqual({ keyPem: key.keyPem, keyId: KEY_ID, teamId: 'TESTTEAM01' });
      const [first, second] = await giftableTicketsOf(app);
      const devices = [pushToken(), pushToken()];
      for (const [index, userTicketId] of [first!, second!].entries()) {
        const { pass } = await handOut(userTicketId, app);
        await registerDevice(pass, `device-token-${index}`, devices[index]!, app);
      }
      for (const [index, userTicketId] of [first!, second!].entries()) {
        const gifted = await call(app.app, { method: 'POST', url: '/v1/mobile/giftTicket', token: app.tokens.alex, payload: { userTicketId, username: 'jordan@example.com' } });
        expect(gifted.status).toBe(200);
        await expect.poll(() => tokenApns.pushes.length, within).toBe(index + 1);
      }
      await settle();
      expect(tokenApns.refusals).toEqual([]);
      expect(tokenApns.pushes.map((push) => push.token)).toEqual(devices);
      for (const push of tokenApns.pushes) {
        expect(push.headers).toEqual({ 'apns-topic': PASS_TYPE_ID, 'apns-push-type': 'background', 'apns-priority': '5' });
        expect(push.certificateUid).toBeUndefined();
        const { payload, protectedHeader } = await jwtVerify(push.providerToken!, key.publicKey, { algorithms: ['ES256'] });
        expect(protectedHeader).toEqual({ alg: 'ES256', kid: KEY_ID });
        expect(Object.keys(payload).sort()).toEqual(['iat', 'iss']);
        expect(payload.iss).toBe('TESTTEAM01');
        expect(Math.abs(payload.iat! - Date.now() / 1000)).toBeLessThan(600);
      }
      // One token for both pushes: signed once, reused while it is young.
      expect(tokenApns.pushes[1]!.providerToken).toBe(tokenApns.pushes[0]!.providerToken);
    } finally {
      await app.close();
      await tokenApns.close();
    }
  });

  it('signs a new token only once the last is 50 minutes old (Apple: within the hour, not more often than every 20 minutes); a token from another key is refused', async () => {
    const key = apnsAuthKey(folder, 'REFRESH001');
    const tokenApns = await startApnsStub({ publicKey: key.publicKey, keyId: 'REFRESH001', teamId: 'TEAMREFRSH', topic: PASS_TYPE_ID });
    const warnings: object[] = [];
    const log = { info: () => {}, warn: (details: object) => void warnings.push(details) };
    // The adapter's clock starts 55 minutes back, so every token it signs is in Apple's past hour when it arrives.
    let clock = Date.now() - 55 * 60_000;
    const push = createApnsPush({ url: tokenApns.url, caPem: tokenApns.caPem, token: { keyPem: key.keyPem, keyId: 'REFRESH001', teamId: 'TEAMREFRSH' }, log, now: () => clock });
    const device = pushToken();
    const iatOf = (index: number) => decodeJwt(tokenApns.pushes[index]!.providerToken!).iat;
    try {
      expect(await push.notify(PASS_TYPE_ID, [device])).toEqual({ gone: [] });
      clock += 20 * 60_000;
      await push.notify(PASS_TYPE_ID, [device]);
      clock += APNS_TOKEN_REFRESH_MS - 20 * 60_000 - 1000;
      await push.notify(PASS_TYPE_ID, [device]);
      // Still the first token, 49 minutes 59 s on.
      expect(new Set(tokenApns.pushes.map((sent) => sent.providerToken)).size).toBe(1);
      clock += 1000;
      await push.notify(PASS_TYPE_ID, [device]);
      expect(tokenApns.pushes).toHaveLength(4);
      expect(tokenApns.pushes[3]!.providerToken).not.toBe(tokenApns.pushes[0]!.providerToken);
      expect(iatOf(3)! - iatOf(0)!).toBe(APNS_TOKEN_REFRESH_MS / 1000);
      expect(decodeProtectedHeader(tokenApns.pushes[3]!.providerToken!)).toEqual({ alg: 'ES256', kid: 'REFRESH001' });
      expect(tokenApns.refusals).toEqual([]);
      expect(warnings).toEqual([]);

      // A key APNs does not hold for this key id: refused (403), logged, nothing unregistered.
      const other = apnsAuthKey(folder, 'OTHERKEY01');
      const impostor = createApnsPush({ url: tokenApns.url, caPem: tokenApns.caPem, token: { keyPem: other.keyPem, keyId: 'REFRESH001', teamId: 'TEAMREFRSH' }, log });
      expect(await impostor.notify(PASS_TYPE_ID, [device])).toEqual({ gone: [] });
      expect(tokenApns.refusals).toEqual(['403 InvalidProviderToken']);
      expect(warnings).toEqual([expect.objectContaining({ status: 403, reason: 'InvalidProviderToken' })]);
    } finally {
      await tokenApns.close();
    }
  });
  it('signs a new token and pushes again when APNs says the token expired (a clock that jumped), once', async () => {
    const key = apnsAuthKey(folder, 'EXPIRED001');
    const tokenApns = await startApnsStub({ publicKey: key.publicKey, keyId: 'EXPIRED001', teamId: 'TEAMEXPIRE', topic: PASS_TYPE_ID });
    const warnings: object[] = [];
    const infos: object[] = [];
    const log = { info: (details: object) => void infos.push(details), warn: (details: object) => void warnings.push(details) };
    // The host's clock was 65 minutes slow when the first token was signed, and right from then on.
    let calls = 0;
    const now = () => (calls++ === 0 ? Date.now() - 65 * 60_000 : Date.now());
    const push = createApnsPush({ url: tokenApns.url, caPem: tokenApns.caPem, token: { keyPem: key.keyPem, keyId: 'EXPIRED001', teamId: 'TEAMEXPIRE' }, log, now });
    const devices = [pushToken(), pushToken()];
    try {
      expect(await push.notify(PASS_TYPE_ID, devices)).toEqual({ gone: [] });
      // Both refused with the stale token, both delivered with one new token; nothing logged as a failure.
      expect(tokenApns.refusals).toEqual(['403 ExpiredProviderToken', '403 ExpiredProviderToken']);
      expect(tokenApns.pushes).toHaveLength(4);
      const [stale, fresh] = [tokenApns.pushes[0]!.providerToken!, tokenApns.pushes[2]!.providerToken!];
      expect(tokenApns.pushes.map((sent) => sent.providerToken)).toEqual([stale, stale, fresh, fresh]);
      expect(tokenApns.pushes.slice(2).map((sent) => sent.token).sort()).toEqual([...devices].sort());
      expect(Math.abs(decodeJwt(fresh).iat! - Date.now() / 1000)).toBeLessThan(60);
      expect(warnings).toEqual([]);
      expect(infos).toEqual([expect.objectContaining({ count: 2 })]);
      // The new token is kept: the next push uses it, with no refusal.
      await push.notify(PASS_TYPE_ID, [devices[0]!]);
      expect(tokenApns.pushes.at(-1)!.providerToken).toBe(fresh);
      expect(tokenApns.refusals).toHaveLength(2);
    } finally {
      await tokenApns.close();
    }
  });
});

/** An address nothing listens at (a port just closed). */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function giftableTicketsOf(app: DemoApp): Promise<number[]> {
  const listing = (await call(app.app, { method: 'GET', url: '/v1/list/ticket_listing?status=UPCOMING', token: app.tokens.alex })).json as Array<{ userTicketId: number }>;
  const found: number[] = [];
  for (const { userTicketId } of listing) {
    const detail = (await call(app.app, { method: 'GET', url: `/v1/list/ticket_listing/${userTicketId}`, token: app.tokens.alex })).json;
    if (detail.isGiftable && !detail.eventAccessUsedAt) found.push(userTicketId);
  }
  return found;
}
