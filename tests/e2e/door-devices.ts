// The door's e2e helpers, shared by the scanner's tests (scan.test.ts, scan-camera.test.ts): alex's tickets with a
// device key registered for each through the API, as the wallet does, so a test draws the code of the current step in
// Node; and the scanner page's sign-in by keyboard.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { exportPublicKey, fromBase64Url, generateDeviceKeyPair, readSignedCertificate, type SignedCertificate, signCode, stepAt, toBase64Url } from '../../src/door/code';
import { api } from './page-helpers';
import { latestCode } from './server';

export const DEMO_ORGANIZER_KEY = 'tw_ok_D6zugq-tikdCqBIZAYarPiXqhaRIG8wj';

/** A ticket with a device registered for it: draws the code of the current step (or of `atMs`'s), as the wallet would. */
export interface Device {
  signed: SignedCertificate;
  code: (atMs?: number) => Promise<string>;
}

/**
 * Switches the demo organisation to device codes and registers a device for each of alex's upcoming tickets: the
 * Weekender's (alex holds two General Admission tickets and a VIP one) and one of another event.
 */
export async function registerAlexDevices(baseUrl: string): Promise<{ weekender: Device[]; otherEvent: Device }> {
  const started = Date.now();
  const session = (await api(baseUrl, 'POST', '/auth/signInOrRegisterAndSignIn', undefined, { email: 'alex@example.com' })).json.session;
  const otp = await latestCode(baseUrl, 'alex@example.com', started);
  const token = (await api(baseUrl, 'POST', '/auth/verifyLoginRequest', undefined, { email: 'alex@example.com', otp, session })).json.accessToken as string;
  const switched = await api(baseUrl, 'POST', '/door/entry-code', undefined, { entryCode: 'device' }, { 'x-organizer-key': DEMO_ORGANIZER_KEY });
  expect(switched.status).toBe(200);
  const tickets = (await api(baseUrl, 'GET', '/list/ticket_listing?status=UPCOMING', token)).json as unknown as { userTicketId: number }[];
  const devices = new Map<number, Device[]>();
  for (const ticket of tickets) {
    const keys = await generateDeviceKeyPair();
    const answer = await api(baseUrl, 'POST', '/door/devices', token, { userTicketId: ticket.userTicketId, publicKey: toBase64Url(await exportPublicKey(keys.publicKey)) });
    if (answer.status !== 200) continue;
    const signed = readSignedCertificate(fromBase64Url(answer.json.certificate as string));
    const device = { signed, code: (atMs = Date.now()) => signCode(signed, stepAt(atMs, signed.certificate.ttlSeconds), keys.privateKey) };
    devices.set(signed.certificate.eventId, [...(devices.get(signed.certificate.eventId) ?? []), device]);
  }
  const [weekender, other] = [...devices.values()].sort((a, b) => b.length - a.length);
  expect(weekender?.length).toBeGreaterThanOrEqual(3);
  expect(other?.length).toBeGreaterThanOrEqual(1);
  return { weekender: weekender!, otherEvent: other![0]! };
}

/** On the scanner page: signs in with the demo key and picks the Weekender, by keyboard. */
export async function signInToScan(page: Page, baseUrl: string, lang: 'en' | 'es' = 'en'): Promise<void> {
  await page.goto(`${baseUrl}/${lang}/scan`);
  await page.locator('#scan-key').focus();
  await page.keyboard.type(DEMO_ORGANIZER_KEY);
  await page.keyboard.press('Enter');
  const weekenderRadio = page.getByRole('radio', { name: /Harbour Lights Weekender/ });
  await weekenderRadio.waitFor();
  await weekenderRadio.check();
  await page.locator('#scan-event-form button[type="submit"]').press('Enter');
  await page.getByRole('heading', { level: 2, name: /Harbour Lights Weekender/ }).waitFor();
}
