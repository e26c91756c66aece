// A payment that is processing, on the share page, with the local payments provider (the default): sam pays with
// Stripe's BECS test account that clears after a while (000-000 000123456), the page says the payment is processing,
// and — without a reload — says bought once the provider's event has settled the purchase (the page asks the server
// again with the payment's id until it has ended). Headless Chromium against a real server of its own, whose bank
// debits stay processing for 3 s. Screenshots: screenshots/payments-processing-*.png.
import { describe, expect, it } from 'vitest';
import { latestCode, useServer } from './server';
import { openPage, signIn, useBrowser } from './page-helpers';

const browser = useBrowser();
const server = useServer(() => ({ env: { LOCAL_PAYMENT_PROCESSING_MS: '3000' } }));

async function api(method: string, path: string, token?: string, body?: object) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & unknown[] };
}

/** Signs in through the API with the code from the dev outbox. */
async function tokenOf(email: string): Promise<string> {
  const asked = Date.now() - 1000;
  const sent = await api('POST', '/auth/signInOrRegisterAndSignIn', undefined, { email });
  const otp = await latestCode(server.url, email, asked);
  const verified = await api('POST', '/auth/verifyLoginRequest', undefined, { email, otp, session: sent.json.session });
  return verified.json.accessToken as string;
}

/** Alex verifies payouts with the local provider's form and lists one ticket: its share link, on this server. */
async function alexLists(): Promise<string> {
  const alex = await tokenOf('alex@example.com');
  const connected = await api('POST', '/resell/stripe/connect', alex, { accountType: 'custom' });
  await api('POST', '/resell/stripe/local/onboard', alex, { clientSecret: connected.json.clientSecret, legalName: 'Alex Rivera', bankAccountLast4: '1234' });
  const [ticket] = (await api('GET', '/resell/tickets/available', alex)).json as unknown as {
    userTicketId: number;
    ticketPrice: number;
    currencyCode: string;
    currencySymbol: string;
  }[];
  const listed = await api('POST', '/resell', alex, {
    userTicketId: ticket!.userTicketId,
    amountCount: 1,
    price: ticket!.ticketPrice,
    currencyCode: ticket!.currencyCode,
    currencySymbol: ticket!.currencySymbol,
  });
  expect(listed.status).toBe(200);
  return (listed.json.shareLinkUrl as string).replace(/^https?:\/\/[^/]+/, server.url);
}

describe('a processing payment on the share page', () => {
  it('shows processing, then bought once it settled, without a reload', async () => {
    const link = await alexLists();
    const { context, page } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await signIn(page, server.url, 'sam@example.com');
      await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
      await page.goto(link);
      await page.getByRole('button', { name: 'Buy', exact: true }).waitFor();
      // The hint names Stripe's test numbers.
      await page.getByText("These are Stripe's test numbers").waitFor();
      await page.getByLabel('Test payment method').selectOption('pm_au_becs_debit_000123456');
      // A mark on this document: a reload or a navigation would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole('button', { name: 'Buy', exact: true }).click();
      await page.getByText("Payment processing, we'll e-mail you").waitFor();
      await page.screenshot({ path: 'screenshots/payments-processing-1-processing.png', fullPage: true });
      await page.getByText('Bought! The tickets are in your wallet now.').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: 'screenshots/payments-processing-2-bought.png', fullPage: true });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // The server agrees: the listing sold.
      const code = link.split('/resale/')[1]!;
      expect((await api('GET', `/resell/listing/${code}`)).json.status).toBe('sold');
    } finally {
      await context.close();
    }
  }, 120_000);
});
