// e2e: the live wallet (GET /v1/events through the session's stream) in headless Chromium against a server of its own,
// the wallet on the host site of a second origin (tests/e2e/host-site.ts), so the stream crosses origins with its
// preflight, as on an organiser's site; every change made outside the open page and seen WITHOUT a reload: alex's QR pass says "Welcome in" after a gate
// scan through the gate API; sam's My tickets shows a ticket alex gifts through the API within a second, with a toast; a listing
// bought on the share page moves from Sale to Sold in alex's open wallet. Screenshots of the admission and the toast,
// in Spanish, light and dark, go to screenshots/live-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, openPage, signIn, signInOnSharePage, ticketsShown, useBrowser } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const DEMO_ORGANIZER_KEY = 'tw_ok_D6zugq-tikdCqBIZAYarPiXqhaRIG8wj';
const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/live-${name}.png` });

/** The access token the wallet stored on sign-in. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('tw.accessToken')!);

async function api(path: string, token: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server.url}/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, json: text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

/** The page's identity: counts every document load, so a reload would show as a new value. */
const loadMark = (page: Page) => page.evaluate(() => performance.getEntriesByType('navigation').length + String(performance.timeOrigin));

/** Signs in, waits for the stored token and closes the HUB the sign-in opens on (a named user lands on QR + HUB). */
async function signInAndClose(page: Page, email: string, lang: 'en' | 'es'): Promise<string> {
  await signIn(page, server.url, email, lang);
  await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
  return tokenOf(page);
}

describe('the live wallet', () => {
  let alexContext: BrowserContext, alex: Page, samContext: BrowserContext, sam: Page;
  let alexToken: string, samToken: string;
  let alexErrors: string[], samErrors: string[];

  beforeAll(async () => {
    ({ context: alexContext, page: alex, errors: alexErrors } = await openPage(browser, { bypassCSP: true, viewport: { width: 420, height: 860 } }));
    ({ context: samContext, page: sam, errors: samErrors } = await openPage(browser, { bypassCSP: true, viewport: { width: 420, height: 860 } }));
    alexToken = await signInAndClose(alex, 'alex@example.com', 'es');
    samToken = await signInAndClose(sam, 'sam@example.com', 'es');
  }, 120_000);

  afterAll(async () => {
    await alexContext?.close();
    await samContext?.close();
  });

  it('alex’s open QR pass says "Welcome in" after a gate scan through the gate API, without a reload', async () => {
    await alex.goto(hostUrl(server.url, '/es/?PANEL_TAB=QR'));
    await alex.getByRole('img', { name: /código QR/i }).waitFor();
    const before = await loadMark(alex);
    expect(await alex.getByText('¡Ya estás dentro!').count()).toBe(0);

    // The gate scans the code the pass shows now, for the event alex holds a ticket of that is on today.
    const code = (await api('/auth/access/qr', alexToken)).text;
    let admitted: { status: number; text: string } | undefined;
    for (let eventId = 1; eventId <= 30 && admitted?.status !== 200; eventId += 1) {
      admitted = await api('/access/scan', null, { body: { token: code, eventId }, headers: { 'x-organizer-key': DEMO_ORGANIZER_KEY } });
    }
    expect(admitted?.status, admitted?.text).toBe(200);

    await alex.getByText('¡Ya estás dentro!').waitFor({ timeout: 10_000 });
    await alex.getByText('Acaban de escanear tu código en el acceso. ¡Disfruta del evento!').waitFor();
    expect(await loadMark(alex)).toBe(before);
    // The stream crossed origins without a refusal (a CORS error would be in the page's console).
    expect(alexErrors).toEqual([]);
    await shot(alex, 'qr-welcome-es-light');
    await alex.emulateMedia({ colorScheme: 'dark' });
    await alex.waitForTimeout(300);
    await shot(alex, 'qr-welcome-es-dark');
    await alex.emulateMedia({ colorScheme: 'light' });
  });

  it('sam’s open My tickets shows the ticket alex gifts through the API within a second, with a toast, without a reload', async () => {
    await sam.goto(hostUrl(server.url, '/es/?PANEL_TAB=MY_TICKET'));
    await sam.getByRole('tab', { name: 'Próximas' }).waitFor();
    // The list has loaded (an open stream never lets the network go idle): its skeleton is gone.
    await sam.locator('ticket-wallet .tw-ticket-card').first().or(sam.getByText('No hay entradas disponibles')).waitFor();
    const cards = sam.locator('ticket-wallet .tw-ticket-card');
    const shownBefore = await ticketsShown(cards);
    const before = await loadMark(sam);

    const upcoming = (await api('/list/ticket_listing?status=UPCOMING', alexToken)).json as Array<{ userTicketId: number }>;
    let giftable: number | undefined;
    for (const ticket of upcoming) {
      if ((await api(`/list/ticket_listing/${ticket.userTicketId}`, alexToken)).json.isGiftable) {
        giftable = ticket.userTicketId;
        break;
      }
    }
    expect(giftable).toBeDefined();
    // The wallet on the host page tells when the new card is drawn (a mutation observer in its shadow root).
    await sam.evaluate((count) => {
      const shadow = document.querySelector('ticket-wallet')!.shadowRoot!;
      const shown = () =>
        [...shadow.querySelectorAll('.tw-ticket-card')].reduce(
          (sum, card) => sum + Number(card.querySelector('.tw-ticket-card__count [aria-hidden]')?.textContent?.replace('×', '') ?? 1),
          0,
        );
      const observer = new MutationObserver(() => {
        if (shown() <= count) return;
        (window as unknown as { giftShownAt: number }).giftShownAt = Date.now();
        observer.disconnect();
      });
      observer.observe(shadow, { subtree: true, childList: true, characterData: true });
    }, shownBefore);
    const gifted = await api('/mobile/giftTicket', alexToken, { body: { userTicketId: giftable, username: 'sam@example.com' } });
    const giftedAt = Date.now();
    expect(gifted.status, gifted.text).toBe(200);

    const toast = sam.getByText('Acaba de llegar una entrada a tu cartera.');
    await toast.waitFor({ timeout: 10_000 });
    await expect.poll(() => ticketsShown(cards)).toBe(shownBefore + 1);
    // Over the live stream, not a later poll or a reload: the card was drawn within a second of the gift's answer
    // (both clocks are this machine's).
    const shownAt = await sam.evaluate(() => (window as unknown as { giftShownAt?: number }).giftShownAt);
    expect(shownAt).toBeDefined();
    expect(shownAt! - giftedAt).toBeLessThan(1_000);
    expect(await loadMark(sam)).toBe(before);
    expect(samErrors).toEqual([]);
    await shot(sam, 'tickets-toast-es-light');
    await sam.emulateMedia({ colorScheme: 'dark' });
    await sam.waitForTimeout(300);
    if (await toast.count()) await shot(sam, 'tickets-toast-es-dark');
    await sam.emulateMedia({ colorScheme: 'light' });
  });

  it('a listing bought on the share page moves from Sale to Sold in alex’s open wallet, without a reload', async () => {
    // alex can be paid out and lists one ticket (through the API, as the resell e2e test does it on the screens).
    const connected = await api('/resell/stripe/connect', alexToken, { body: { accountType: 'custom' } });
    expect(connected.status, connected.text).toBe(200);
    const onboarded = await api('/resell/stripe/local/onboard', alexToken, {
      body: { clientSecret: connected.json.clientSecret, legalName: 'Alex Rivera', bankAccountLast4: '1234' },
    });
    expect(onboarded.status, onboarded.text).toBe(200);
    const [ticket] = (await api('/resell/tickets/available', alexToken)).json as Array<{
      userTicketId: number;
      ticketPrice: number;
      currencyCode: string;
      currencySymbol: string;
    }>;
    const listed = await api('/resell', alexToken, {
      body: { userTicketId: ticket!.userTicketId, amountCount: 1, price: ticket!.ticketPrice, currencyCode: ticket!.currencyCode, currencySymbol: ticket!.currencySymbol },
    });
    expect(listed.status, listed.text).toBe(200);
    const link = (listed.json.shareLinkUrl as string).replace(/^https?:\/\/[^/]+/, server.url);

    await alex.goto(hostUrl(server.url, '/en/?PANEL_TAB=RESELL'));
    const entries = alex.locator('ticket-wallet .tw-resell__entry');
    await alex.getByRole('tab', { name: 'Sale', selected: true }).waitFor();
    await expect.poll(() => entries.count()).toBe(1);
    const before = await loadMark(alex);

    // sam buys it on the share page (the demo site's, our origin, where sam signs in through its embedded wallet).
    await signInOnSharePage(sam, server.url, link, 'sam@example.com');
    await sam.goto(link);
    await sam.getByRole('button', { name: 'Buy', exact: true }).click();
    await sam.getByText('Bought! The tickets are in your wallet now.').waitFor();

    // The Sale tab empties and the sale is under Sold, in the page alex had open.
    await alex.getByText('Nothing on sale.').waitFor({ timeout: 10_000 });
    await alex.getByRole('tab', { name: 'Sold' }).click();
    await alex.getByText(/^(Sold today|Sold \d+ days ago) · Payout held until/).waitFor();
    expect(await loadMark(alex)).toBe(before);
  });
});
