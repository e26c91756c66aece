// The browser's own Back and Forward inside gift, swap and resell, in headless Chromium on the host site of a second
// origin (tests/e2e/host-site.ts), against a server of its own (docs/decisions/0120-back-and-forward-between-a-flows-steps.md,
// docs/decisions/0121-a-loaded-step-and-where-toasts-sit.md): after a flow's first step, Back goes to the step before
// and not off the wallet, Forward comes back with what was chosen (swap: the quantity too), the address carries only
// the panel's parameters (no e-mail, no price), and the focus lands on the step's heading or a control of it, never on
// <body>. A page loaded or reloaded with PANEL_STEP starts the flow at its first step and the address forgets the step
// in place (replaceState: no new entry). Each step is shot at 1280 px and 375 px, light and dark, in English and
// Spanish: screenshots/back-forward-e2e-*.png.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostUrl, type Lang, openPage, signIn, useBrowser } from './page-helpers';
import { useServer } from './server';

const browser = useBrowser();
const server = useServer();

const words = {
  en: {
    welcome: 'Welcome',
    dialog: 'Harbour Lights Festival',
    chooseBase: 'Choose General Admission',
    baseStep: 'Ticket to swap',
    targetStep: 'Swap it for',
    swapping: 'You are swapping',
    more: 'One ticket more',
    howMany: 'How many',
    giftTicketStep: 'Which ticket?',
    giftTicket: 'Ticket',
    gifting: 'You are gifting',
    receiverStep: 'Who receives it?',
    email: "Receiver's e-mail",
    resellTicket: 'Choose a ticket to resell',
    resellTicketStep: 'Ticket to resell',
    reselling: 'You are reselling',
    price: /Price per ticket/,
    buyerPays: 'Buyer pays',
    continue: 'Continue',
    confirm: 'Confirm your listing',
  },
  es: {
    welcome: /bienvenida/i,
    dialog: 'Harbour Lights Festival',
    chooseBase: 'Elegir General Admission',
    baseStep: 'Entrada que quieres cambiar',
    targetStep: 'Cambiarla por',
    swapping: 'Vas a cambiar',
    more: 'Una entrada más',
    howMany: 'Cuántas',
    giftTicketStep: '¿Qué entrada?',
    giftTicket: 'Entrada',
    gifting: 'Vas a regalar',
    receiverStep: '¿Quién la recibe?',
    email: 'Correo de quien la recibe',
    resellTicket: 'Elige una entrada para revender',
    resellTicketStep: 'Entrada a revender',
    reselling: 'Estás revendiendo',
    price: /Precio por entrada/,
    buyerPays: 'Paga el comprador',
    continue: 'Continuar',
    confirm: 'Confirma tu anuncio',
  },
} as const;

const variants: Array<{ width: number; height: number; scheme: 'light' | 'dark'; lang: Lang }> = [
  { width: 1280, height: 900, scheme: 'light', lang: 'en' },
  { width: 375, height: 780, scheme: 'dark', lang: 'es' },
  { width: 375, height: 780, scheme: 'light', lang: 'en' },
  { width: 1280, height: 900, scheme: 'dark', lang: 'es' },
];

const params = (page: Page) => new URL(page.url()).searchParams;

/** The address names the wallet's panel and its step, nothing typed or chosen: no e-mail, no price, no quantity. */
function expectOnlyPanelParams(page: Page, typed: string[]) {
  const search = params(page);
  for (const name of search.keys()) expect(['PANEL_TAB', 'USER_TICKET_ID', 'PANEL_STEP']).toContain(name);
  const address = decodeURIComponent(page.url());
  for (const value of typed) expect(address).not.toContain(value);
}

/** Where the focus is: body (lost), or the wallet's focused element with its tag, role and accessible text. */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('ticket-wallet');
    const active = host?.shadowRoot?.activeElement as HTMLElement | null | undefined;
    if (document.activeElement !== host || !active) return { lost: true, tag: document.activeElement?.tagName ?? '', text: '', section: '' };
    const text = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim();
    // The step the focused element belongs to: its section's heading.
    const section = active.closest('section[aria-labelledby]');
    const sectionTitle = section ? (host!.shadowRoot!.getElementById(section.getAttribute('aria-labelledby')!)?.textContent ?? '').trim() : '';
    return { lost: false, tag: active.tagName, text, section: sectionTitle };
  });

/**
 * The focus comes to rest on the step now shown: its heading, or a control inside its section (`step`: the step's
 * heading text); never on <body>. Polled: the wallet puts a lost focus back once the step has rendered.
 */
async function expectFocusOnStep(page: Page, step: string) {
  await expect
    .poll(async () => {
      const focus = await focusOf(page);
      if (focus.lost) return `lost (${focus.tag})`;
      return focus.text === step || focus.section === step || focus.text.startsWith(step) ? 'on the step' : `${focus.tag} "${focus.text}" in "${focus.section}"`;
    })
    .toBe('on the step');
}

/** The wallet is still what the page shows: its dialog is there (Back did not leave it). */
const walletShown = (page: Page, lang: Lang) => page.getByRole('dialog', { name: words[lang].dialog }).waitFor();

/**
 * Every history write of the page since it loaded, in order (`push` or `replace`, and the address): recorded by an
 * init script around pushState and replaceState, before the wallet's loader runs.
 */
const historyWrites = (page: Page) => page.evaluate(() => (window as unknown as { historyWrites: Array<{ kind: string; url: string }> }).historyWrites);
function recordHistoryWrites() {
  const writes: Array<{ kind: string; url: string }> = [];
  (window as unknown as { historyWrites: typeof writes }).historyWrites = writes;
  for (const kind of ['push', 'replace'] as const) {
    const method = kind === 'push' ? 'pushState' : 'replaceState';
    const original = history[method].bind(history);
    history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      writes.push({ kind, url: String(url ?? '') });
      original(data, unused, url);
    };
  }
}

/** Loaded (or reloaded) on a step: the wallet wrote the address once, a replace without PANEL_STEP, and pushed nothing. */
async function expectStepReplacedAway(page: Page) {
  await expect.poll(() => params(page).get('PANEL_STEP')).toBeNull();
  const writes = await historyWrites(page);
  expect(writes.filter((write) => write.kind === 'push')).toEqual([]);
  expect(writes.filter((write) => write.url.includes('PANEL_STEP'))).toEqual([]);
  expect(writes.some((write) => write.kind === 'replace')).toBe(true);
}

describe.each(variants)('Back and Forward in a flow: $width px, $scheme, $lang', ({ width, height, scheme, lang }) => {
  const w = words[lang];
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: `screenshots/back-forward-e2e-${width}-${scheme}-${lang}-${name}.png` });
  let context: BrowserContext, page: Page, errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser, { bypassCSP: true, viewport: { width, height }, colorScheme: scheme }));
    await context.addInitScript(recordHistoryWrites);
    await signIn(page, server.url, 'alex@example.com', lang);
    await page.getByRole('dialog', { name: w.welcome }).waitFor();
  });
  afterAll(() => context?.close());

  it('swap: after the base, Back shows the bases and Forward the targets again, with the quantity chosen', async () => {
    await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=SWAP`));
    const choose = page.getByRole('button', { name: w.chooseBase });
    await choose.click();
    await page.getByRole('heading', { name: w.targetStep }).waitFor();
    expect(params(page).get('PANEL_STEP')).toBe('TARGET');
    const quantity = page.getByRole('group', { name: w.howMany }).locator('output');
    await page.getByRole('button', { name: w.more }).click();
    await expect.poll(() => quantity.textContent()).toBe('2');
    expectOnlyPanelParams(page, ['=2']);
    await shot(page, 'swap-1-targets');

    await page.goBack();
    await choose.waitFor();
    await walletShown(page, lang);
    expect(await page.getByText(w.swapping).count()).toBe(0);
    expect(params(page).get('PANEL_TAB')).toBe('SWAP');
    expect(params(page).get('PANEL_STEP')).toBeNull();
    await expectFocusOnStep(page, w.baseStep);
    await shot(page, 'swap-2-back');

    await page.goForward();
    await page.getByRole('heading', { name: w.targetStep }).waitFor();
    await page.getByText(w.swapping).waitFor();
    await expect.poll(() => quantity.textContent()).toBe('2');
    expect(params(page).get('PANEL_STEP')).toBe('TARGET');
    await expectFocusOnStep(page, w.targetStep);
    await shot(page, 'swap-3-forward');

    // Reloaded on the step: the swap starts at its bases, and the address forgets the step in place.
    await page.reload();
    await choose.waitFor();
    await expectStepReplacedAway(page);
    expect(params(page).get('PANEL_TAB')).toBe('SWAP');
    expect(await page.getByText(w.swapping).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('gift: after the ticket, Back shows the picker and Forward the receiver again, the e-mail kept', async () => {
    await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=GIFT`));
    const picker = page.getByRole('button', { name: new RegExp(`^${w.giftTicket}`) });
    await picker.click();
    await page.getByRole('option').first().click();
    await page.getByText(w.gifting).waitFor();
    expect(params(page).get('PANEL_STEP')).toBe('RECEIVER');
    await page.getByLabel(w.email).fill('sam@example.com');
    expectOnlyPanelParams(page, ['sam', '@']);
    await shot(page, 'gift-1-receiver');

    await page.goBack();
    await picker.waitFor();
    await walletShown(page, lang);
    expect(await page.getByText(w.gifting).count()).toBe(0);
    expect(params(page).get('PANEL_TAB')).toBe('GIFT');
    expect(params(page).get('PANEL_STEP')).toBeNull();
    await expectFocusOnStep(page, w.giftTicketStep);
    await shot(page, 'gift-2-back');

    await page.goForward();
    await page.getByText(w.gifting).waitFor();
    expect(await page.getByLabel(w.email).inputValue()).toBe('sam@example.com');
    expectOnlyPanelParams(page, ['sam', '@']);
    await expectFocusOnStep(page, w.receiverStep);
    await shot(page, 'gift-3-forward');

    // Loaded on the step: the picker, the address corrected with a replace.
    await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=GIFT&PANEL_STEP=RECEIVER`));
    await picker.waitFor();
    await expectStepReplacedAway(page);
    expect(params(page).get('PANEL_TAB')).toBe('GIFT');
    expect(await page.getByText(w.gifting).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('resell: after Continue, Back edits the listing (the price kept) and Forward shows the summary again', async () => {
    await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=RESELL`));
    await page.getByRole('button', { name: new RegExp(w.resellTicket) }).click();
    await page.getByRole('option').first().click();
    await page.getByText(w.reselling).waitFor();
    const price = page.getByLabel(w.price);
    await price.fill('37');
    await page.getByText(w.buyerPays).waitFor();
    await page.getByRole('button', { name: w.continue }).click();
    const summary = page.getByRole('heading', { name: w.confirm });
    await summary.waitFor();
    expect(params(page).get('PANEL_STEP')).toBe('REVIEW');
    const ticket = params(page).get('USER_TICKET_ID');
    expectOnlyPanelParams(page, ['37']);
    await expectFocusOnStep(page, w.confirm);
    await shot(page, 'resell-1-summary');

    await page.goBack();
    await price.waitFor();
    await walletShown(page, lang);
    expect(await price.inputValue()).toBe('37');
    expect(await summary.count()).toBe(0);
    expect(params(page).get('PANEL_TAB')).toBe('RESELL');
    expect(params(page).get('PANEL_STEP')).toBeNull();
    await expectFocusOnStep(page, w.resellTicketStep);
    await shot(page, 'resell-2-back');

    await page.goForward();
    await summary.waitFor();
    expect(params(page).get('PANEL_STEP')).toBe('REVIEW');
    expect(params(page).get('USER_TICKET_ID')).toBe(ticket);
    await expectFocusOnStep(page, w.confirm);
    await shot(page, 'resell-3-forward');

    // Reloaded on the summary: the first step, the ticket picker (the flow held the ticket, the address never had it,
    // nor the price), the step forgotten.
    await page.reload();
    await page.getByRole('button', { name: new RegExp(w.resellTicket) }).waitFor();
    await expectStepReplacedAway(page);
    expect(await summary.count()).toBe(0);
    expect(await price.count()).toBe(0);
    await shot(page, 'resell-4-reloaded');
    expect(errors).toEqual([]);
  });
});
