// The transfer history panel (PANEL_TAB=HISTORY) in headless Chromium, on the host site's origin, against a real
// server of its own (the gift changes the demo data other e2e files count): alex gifts the VIP ticket to jordan through
// the API; jordan signs in, opens the ticket from My tickets and its history with the keyboard alone, sees the moves
// (issued, then gifted) with their dates and holders, in English and in Spanish; the ticket's Back link and the
// browser's Back both lead to the ticket page, the focus on its heading each time; a ticket jordan never held is not
// shown. axe-core finds nothing on the way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { accessibilityViolations, api, hasFocus, hostUrl, openPage, signIn, tabUntilFocused, tokenOf, useBrowser, withPage, type Lang } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const words = {
  en: {
    title: 'Transfer history',
    button: 'Transfer history',
    back: 'Ticket',
    list: 'Moves of this ticket',
    issued: 'Issued',
    gifted: 'Gifted',
    you: 'Holder: You',
    giver: 'Holder: alex#4821',
    notFound: 'Ticket not found',
    retry: 'Try again',
    welcome: 'Welcome',
    pageTitle: 'Transfer history · Harbour Lights Festival',
  },
  es: {
    title: 'Historial de traspasos',
    button: 'Historial de traspasos',
    back: 'Entrada',
    list: 'Movimientos de esta entrada',
    issued: 'Emitida',
    gifted: 'Regalada',
    you: 'Titular: Tú',
    giver: 'Titular: alex#4821',
    notFound: 'Entrada no encontrada',
    retry: 'Reintentar',
    welcome: 'Te damos la bienvenida',
    pageTitle: 'Historial de traspasos · Harbour Lights Festival',
  },
} as const;

interface Listed {
  userTicketId: number;
  ticketName: string;
}

/** alex's tickets now, upcoming. */
const alexTickets = async (token: string) => (await api(server.url, 'GET', '/list/ticket_listing?status=UPCOMING', token)).json as unknown as Listed[];

/** What the server says the gifted ticket's history is (jordan's view): the dates the screen must show. */
let moves: Array<{ move: string; at: string }>;
/** jordan's row of the gifted VIP ticket. */
let gifted: number;
/** A ticket alex still holds: never jordan's. */
let notJordans: number;

beforeAll(async () => {
  const alex = await tokenOf(server.url, 'alex@example.com');
  const vip = (await alexTickets(alex)).find((ticket) => ticket.ticketName === 'VIP');
  expect(vip).toBeDefined();
  const gift = await api(server.url, 'POST', '/mobile/giftTicket', alex, { userTicketId: vip!.userTicketId, username: 'jordan@example.com' });
  expect(gift.status, JSON.stringify(gift.json)).toBe(200);
  notJordans = (await alexTickets(alex))[0]!.userTicketId;
  const jordan = await tokenOf(server.url, 'jordan@example.com');
  const held = (await api(server.url, 'GET', '/list/ticket_listing?status=UPCOMING', jordan)).json as unknown as Listed[];
  gifted = held.find((ticket) => ticket.ticketName === 'VIP')!.userTicketId;
  const history = await api(server.url, 'GET', `/list/ticket_listing/${gifted}/history`, jordan);
  expect(history.status).toBe(200);
  moves = history.json.entries as unknown as typeof moves;
  expect(moves.map((entry) => entry.move)).toEqual(['issued', 'gifted']);
});

const wallet = (page: Page) => page.locator('ticket-wallet');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** A move's date as the page's locale writes a day with its year and a time (formatLocalDay), by the browser's Intl. */
const localDay = (page: Page, iso: string, lang: Lang) =>
  page.evaluate(([at, locale]) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)), [iso, lang] as const);

/** On the history panel: the list shows the two moves, oldest first, each with its date (its `datetime` the server's) and holder. */
async function expectMoves(page: Page, lang: Lang): Promise<void> {
  const w = words[lang];
  const list = wallet(page).getByRole('list', { name: w.list });
  await list.waitFor();
  const items = list.getByRole('listitem');
  expect(await items.count()).toBe(2);
  const rows = await items.evaluateAll((elements) =>
    elements.map((item) => ({
      move: item.querySelector('strong')?.textContent ?? '',
      datetime: item.querySelector('time')?.getAttribute('datetime') ?? '',
      date: item.querySelector('time')?.textContent ?? '',
      holder: item.querySelector('div')?.textContent ?? '',
    })),
  );
  expect(rows.map((row) => row.move)).toEqual([w.issued, w.gifted]);
  expect(rows.map((row) => row.holder)).toEqual([w.giver, w.you]);
  expect(rows.map((row) => row.datetime)).toEqual(moves.map((entry) => entry.at));
  for (const [index, row] of rows.entries()) {
    const at = moves[index]!.at;
    expect(row.date).toContain(await localDay(page, at, lang));
    // A history may span years: each date carries its year.
    expect(row.date).toContain(String(new Date(at).getFullYear()));
  }
  // VIP was bought five days ago and gifted today: the dates differ.
  expect(rows[0]!.date).not.toBe(rows[1]!.date);
  // The ticket's name under the title.
  expect(await wallet(page).locator('.tw-subtitle').textContent()).toBe('VIP');
}

/** Keyboard only, on the ticket page: Tab to the Transfer history button, Enter; the history's heading has the focus. */
async function openHistoryByKeyboard(page: Page, lang: Lang): Promise<void> {
  const w = words[lang];
  const button = page.getByRole('button', { name: w.button, exact: true });
  await button.waitFor();
  await tabUntilFocused(page, button);
  await page.keyboard.press('Enter');
  await heading(page, w.title).waitFor();
  await expect.poll(() => hasFocus(heading(page, w.title))).toBe(true);
  const url = new URL(page.url());
  expect(url.searchParams.get('PANEL_TAB')).toBe('HISTORY');
  expect(url.searchParams.get('USER_TICKET_ID')).toBe(encodeUserTicketId(gifted));
}

describe('the transfer history from the ticket page', () => {
  let context: BrowserContext, page: Page, errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser, { bypassCSP: true }));
    await signIn(page, server.url, 'jordan@example.com');
    await page.getByRole('dialog', { name: words.en.welcome }).waitFor();
  });
  afterAll(() => context?.close());

  it('jordan opens the gifted VIP ticket and its history with the keyboard, and sees it was issued, then gifted', async () => {
    await page.goto(hostUrl(server.url, '/en/?PANEL_TAB=MY_TICKET'));
    const card = wallet(page).locator('.tw-ticket-card:not(.tw-ticket-card--skeleton)').filter({ hasText: 'VIP' });
    await card.waitFor();
    await tabUntilFocused(page, card);
    await page.keyboard.press('Enter');
    await heading(page, 'VIP').waitFor();
    await openHistoryByKeyboard(page, 'en');
    await expectMoves(page, 'en');
    expect(await page.title()).toBe(words.en.pageTitle);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("the Back link, by the keyboard, leads back to the ticket page with its heading focused", async () => {
    // The Back link is the stop before the focused heading.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => hasFocus(page.getByRole('button', { name: words.en.back, exact: true }))).toBe(true);
    await page.keyboard.press('Enter');
    await heading(page, 'VIP').waitFor();
    await expect.poll(() => hasFocus(heading(page, 'VIP'))).toBe(true);
    const url = new URL(page.url());
    expect(url.searchParams.get('PANEL_TAB')).toBe('TICKET');
    expect(url.searchParams.get('USER_TICKET_ID')).toBe(encodeUserTicketId(gifted));
    expect(await wallet(page).getByRole('list', { name: words.en.list }).count()).toBe(0);
  });

  it("the browser's Back leads back to the ticket page too, and Forward to the history again", async () => {
    await openHistoryByKeyboard(page, 'en');
    await page.goBack();
    await heading(page, 'VIP').waitFor();
    expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('TICKET');
    await expect.poll(() => hasFocus(heading(page, 'VIP'))).toBe(true);
    await page.goForward();
    await expectMoves(page, 'en');
  });

  it("does not show a ticket jordan never held: the reason, and none of the other holder's moves", async () => {
    // The reason's words come with the panel: the other chunks of the build that carry the API's messages (other
    // screens', the toasts') are refused, so the background prefetch cannot bring them first.
    const elsewhere = readdirSync('dist').filter(
      (file) => file.endsWith('.js') && !file.startsWith('history') && readFileSync(join('dist', file), 'utf8').includes('"api.ticket.not_found"'),
    );
    expect(elsewhere.length).toBeGreaterThan(0);
    await page.route((url) => elsewhere.includes(url.pathname.split('/').pop()!), (route) => route.abort());
    await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=HISTORY&USER_TICKET_ID=${encodeUserTicketId(notJordans)}`));
    const alert = wallet(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('.tw-state-card__title').textContent()).toBe(words.en.notFound);
    // Asking again cannot make it jordan's: no Try again.
    expect(await alert.getByRole('button', { name: words.en.retry }).count()).toBe(0);
    expect(await wallet(page).getByRole('list', { name: words.en.list }).count()).toBe(0);
    expect(await wallet(page).getByText(words.en.issued, { exact: true }).count()).toBe(0);
    expect(await wallet(page).locator('.tw-subtitle').textContent()).not.toMatch(/Weekender|VIP|General|Night Market/);
    await page.unrouteAll();
    expect(errors).toEqual([]);
  });
});

describe('the transfer history in Spanish, dark, at 375 px', () => {
  it('shows the moves with their dates in Spanish, and the Back link returns to the ticket', async () => {
    await withPage(browser, { bypassCSP: true, colorScheme: 'dark', viewport: { width: 375, height: 812 } }, async ({ page, errors }) => {
      const w = words.es;
      await signIn(page, server.url, 'jordan@example.com', 'es');
      await page.getByRole('dialog', { name: w.welcome }).waitFor();
      await page.goto(hostUrl(server.url, `/es/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(gifted)}`));
      await heading(page, 'VIP').waitFor();
      await openHistoryByKeyboard(page, 'es');
      await expectMoves(page, 'es');
      expect(await page.title()).toBe(w.pageTitle);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => hasFocus(page.getByRole('button', { name: w.back, exact: true }))).toBe(true);
      await page.keyboard.press('Enter');
      await heading(page, 'VIP').waitFor();
      await expect.poll(() => hasFocus(heading(page, 'VIP'))).toBe(true);
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBe('TICKET');
      await page.goto(hostUrl(server.url, `/es/?PANEL_TAB=HISTORY&USER_TICKET_ID=${encodeUserTicketId(notJordans)}`));
      await wallet(page).getByRole('alert').waitFor();
      expect(await wallet(page).locator('.tw-state-card__title').textContent()).toBe(w.notFound);
      expect(await wallet(page).getByRole('list', { name: w.list }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
