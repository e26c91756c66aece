// Page helpers for the e2e tests and the screenshot scripts: one Chromium per test file, a page per context with its
// uncaught errors, sign-in through the real mailed code (the dev outbox), and axe-core over the page with the
// wallet's open shadow root.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from './browser';
import { hostOriginOf, hostUrl } from './host-site';
import { latestCode } from './server';

export { hostUrl, registerHostPage } from './host-site';

export type Lang = 'en' | 'es';

/** The sign-in screens' labels in both languages. */
export const loginWords = {
  en: { email: 'E-mail', code: 'One-time code', next: 'Continue', checkEmail: 'Check your e-mail' },
  es: { email: 'Correo electrónico', code: 'Código de un solo uso', next: 'Continuar', checkEmail: 'Revisa tu correo' },
} as const;

/**
 * On LOGIN (already open): fills the e-mail, asks for a code, waits for OTP ("Check your e-mail" with the code
 * field) and returns the code mailed for this request from the dev outbox.
 */
export async function requestCode(page: Page, baseUrl: string, email: string, lang: Lang = 'en'): Promise<string> {
  const words = loginWords[lang];
  await page.getByLabel(words.email).fill(email);
  const requestedAt = Date.now() - 1000;
  await page.getByRole('button', { name: words.next }).click();
  await page.getByRole('heading', { name: words.checkEmail }).waitFor();
  await page.getByLabel(words.code).waitFor();
  return latestCode(baseUrl, email, requestedAt);
}

/**
 * Signs in on LOGIN with the code from the dev outbox, pasted as a mail client copies it ("314 376"): the code goes
 * off by itself at the sixth digit. A user with a name then lands on QR with the HUB.
 */
export async function signIn(page: Page, baseUrl: string, email: string, lang: Lang = 'en'): Promise<void> {
  const words = loginWords[lang];
  await page.goto(hostUrl(baseUrl, `/${lang}/?PANEL_TAB=LOGIN`));
  const code = await requestCode(page, baseUrl, email, lang);
  await pasteInto(page.getByLabel(words.code), `${code.slice(0, 3)} ${code.slice(3)}`);
}

/**
 * On a page of the demo site (our origin: the share page), signs in through its embedded wallet: "Sign in to buy"
 * opens LOGIN there, and the code from the dev outbox is pasted; resolves once the token is stored (a person without
 * a name is asked for it next). The host site's session does not count here: storage is per origin.
 */
export async function signInOnSharePage(page: Page, baseUrl: string, link: string, email: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in to buy' }).click();
  const code = await requestCode(page, baseUrl, email);
  await pasteInto(page.getByLabel(loginWords.en.code), code);
  await page.waitForFunction(() => localStorage.getItem('tw.accessToken') !== null);
}

/** One API call to the server at `baseUrl`: the status and the JSON answer. */
export async function api(baseUrl: string, method: string, path: string, token?: string, body?: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> & unknown[] };
}

/** Signs in through the API with the code from the dev outbox: the access token. */
export async function tokenOf(baseUrl: string, email: string): Promise<string> {
  const asked = Date.now() - 1000;
  const sent = await api(baseUrl, 'POST', '/auth/signInOrRegisterAndSignIn', undefined, { email });
  const otp = await latestCode(baseUrl, email, asked);
  const verified = await api(baseUrl, 'POST', '/auth/verifyLoginRequest', undefined, { email, otp, session: sent.json.session });
  return verified.json.accessToken as string;
}

/** Through the API: `email` verifies payouts with the local provider's form (a no-op once verified); its token. */
export async function verifyPayouts(baseUrl: string, email: string): Promise<string> {
  const token = await tokenOf(baseUrl, email);
  const connected = await api(baseUrl, 'POST', '/resell/stripe/connect', token, { accountType: 'custom' });
  if (connected.json.verified !== true) {
    await api(baseUrl, 'POST', '/resell/stripe/local/onboard', token, { clientSecret: connected.json.clientSecret, legalName: 'Alex Rivera', bankAccountLast4: '1234' });
  }
  return token;
}

/**
 * The wallet's access token as the host site's origin stored it (the wallet runs in the host page's document), or as
 * `origin` did (the demo site's share page), read from the browser context's storage, so it can be read while the page
 * shows another origin (the checkout).
 */
export async function walletToken(page: Page, baseUrl: string, origin = hostOriginOf(baseUrl)): Promise<string | null> {
  const { origins } = await page.context().storageState();
  return origins.find((entry) => entry.origin === origin)?.localStorage.find((item) => item.name === 'tw.accessToken')?.value ?? null;
}

/** What the person signed in on the host site holds, by ticket type name, read from the API with the wallet's token. */
export async function holdings(page: Page, baseUrl: string): Promise<Record<string, number>> {
  const token = await walletToken(page, baseUrl);
  const response = await fetch(`${baseUrl}/v1/list/ticket_listing?status=UPCOMING`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`holdings: the API answered ${response.status}`);
  const tickets = (await response.json()) as Array<{ ticketName: string }>;
  const counts: Record<string, number> = {};
  for (const ticket of tickets) counts[ticket.ticketName] = (counts[ticket.ticketName] ?? 0) + 1;
  return counts;
}

/**
 * Through the API: `email` verifies payouts with the local provider's form (a no-op once verified) and lists its
 * first resellable ticket at its price. The listing's share link, on this server.
 */
export async function listFirstTicket(baseUrl: string, email: string): Promise<string> {
  const token = await verifyPayouts(baseUrl, email);
  const [ticket] = (await api(baseUrl, 'GET', '/resell/tickets/available', token)).json as unknown as {
    userTicketId: number;
    ticketPrice: number;
    currencyCode: string;
    currencySymbol: string;
  }[];
  const listed = await api(baseUrl, 'POST', '/resell', token, {
    userTicketId: ticket!.userTicketId,
    amountCount: 1,
    price: ticket!.ticketPrice,
    currencyCode: ticket!.currencyCode,
    currencySymbol: ticket!.currencySymbol,
  });
  if (listed.status !== 200) throw new Error(`listing failed: ${listed.status} ${JSON.stringify(listed.json)}`);
  return (listed.json.shareLinkUrl as string).replace(/^https?:\/\/[^/]+/, baseUrl);
}

/** The gift screen's words in both languages. */
export const giftWords = {
  en: { email: "Receiver's e-mail", confirm: 'Confirm receiver', gift: 'Gift', more: 'Gift more tickets' },
  es: { email: 'Correo de quien la recibe', confirm: 'Confirmar destinatario', gift: 'Regalar', more: 'Regalar más entradas' },
} as const;

/** Signed in: gifts the first ticket of the gift screen's list to `email` and waits for the success view. */
export async function giftFirstTicket(page: Page, baseUrl: string, lang: Lang, email: string): Promise<void> {
  const words = giftWords[lang];
  await page.goto(hostUrl(baseUrl, `/${lang}/?PANEL_TAB=GIFT`));
  await page.locator('ticket-wallet .tw-dropdown__button').click();
  await page.locator('ticket-wallet .tw-dropdown__option').first().click();
  await page.getByLabel(words.email).fill(email);
  await page.getByRole('button', { name: words.confirm }).click();
  await page.locator('ticket-wallet .tw-gift__terms input').check();
  await page.getByRole('button', { name: words.gift, exact: true }).click();
  await page.locator('ticket-wallet .tw-gift__success').waitFor();
}

/** Pastes text into a field as the browser does for Ctrl+V (one insertion, subject to the field's maxlength). */
export async function pasteInto(field: Locator, text: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.insertText(text);
}

/** How many tickets the My tickets cards stand for: identical tickets share one card marked ×N. */
export async function ticketsShown(cards: Locator): Promise<number> {
  const counts = await cards.evaluateAll((elements) =>
    elements.map((card) => Number(card.querySelector('.tw-ticket-card__count [aria-hidden]')?.textContent?.replace('×', '') ?? 1)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Collects uncaught page errors, and requests the browser refused for CORS: a production build that breaks at run
 * time, or a request the server does not allow from the host site's origin, fails the test.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /CORS policy|Access-Control-Allow/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** What a test needs to open pages: the file's Chromium, launched before its tests and closed after them. */
export type Contexts = Pick<Browser, 'newContext'>;

/** Launches Chromium for the test file (beforeAll) and closes it afterwards (afterAll). */
export function useBrowser(): Contexts {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    newContext: (options?: BrowserContextOptions) => {
      if (!browser) throw new Error('Chromium is not running yet: open pages in tests and hooks only');
      return browser.newContext(options);
    },
  };
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors so far (see watchErrors). */
  errors: string[];
}

/** A new context with one page whose uncaught errors are collected; the caller closes the context. */
export async function openPage(browser: Contexts, options?: BrowserContextOptions): Promise<OpenPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** Runs `use` on a page of a fresh context (see openPage) and closes the context whatever happens. */
export async function withPage<T>(browser: Contexts, options: BrowserContextOptions, use: (opened: OpenPage) => Promise<T>): Promise<T> {
  const opened = await openPage(browser, options);
  try {
    return await use(opened);
  } finally {
    await opened.context.close();
  }
}

/** The aria-label or text of the wallet's focused element. */
export const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('ticket-wallet')?.shadowRoot?.activeElement as HTMLElement | null | undefined;
    return active ? (active.getAttribute('aria-label') ?? active.textContent ?? '').trim() : '';
  });

/** Presses Tab until the wallet's focused element has this text (keyboard only; it may have it already). */
export async function tabTo(page: Page, matches: (text: string) => boolean): Promise<void> {
  const seen: string[] = [];
  for (let presses = 0; presses < 40; presses++) {
    const text = await focusedText(page);
    if (matches(text)) return;
    seen.push(text);
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element; focused on the way: ${seen.join(' | ')}`);
}

/**
 * Whether this element (in the page or in the wallet's shadow root) has the focus: `expect.poll(() => hasFocus(…))`
 * after a keyboard step says where the focus landed, by the element's role and accessible name.
 */
export const hasFocus = (element: Locator) =>
  element.evaluate((node) => (node.getRootNode() as Document | ShadowRoot).activeElement === node).catch(() => false);

/** Presses Tab until this element (in the page or the wallet) has the focus; it may have it already. */
export async function tabUntilFocused(page: Page, element: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses++) {
    if (await hasFocus(element)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${element}`);
}

/**
 * On LOGIN (already open), keyboard only: types the e-mail into the focused field, Enter asks for a code, and the code
 * from the dev outbox is typed into the code field, which has the focus by then and goes off at the sixth digit.
 */
export async function signInByKeyboard(page: Page, baseUrl: string, email: string): Promise<void> {
  const words = loginWords.en;
  const field = page.getByLabel(words.email);
  await field.waitFor();
  await tabUntilFocused(page, field);
  await page.keyboard.type(email);
  const requestedAt = Date.now() - 1000;
  await page.keyboard.press('Enter');
  const codeField = page.getByLabel(words.code);
  await codeField.waitFor();
  await expect.poll(() => hasFocus(codeField)).toBe(true);
  const code = await latestCode(baseUrl, email, requestedAt);
  await page.keyboard.type(code);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResults {
  violations: Array<{ id: string; nodes: Array<{ target: string[] }> }>;
  passes: Array<{ id: string; nodes: unknown[] }>;
}

/**
 * axe-core (WCAG 2 A/AA and best practices) over the page, open shadow roots included, with the wallet laid out in
 * full; needs `bypassCSP`.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  // Contrast is only meaningful once fades have ended: on a busy machine axe could run mid-animation, so wait for
  // every finite animation (the document's and the wallet's shadow root's) first.
  await page.evaluate(async () => {
    const shadow = document.querySelector('ticket-wallet')?.shadowRoot;
    const all = new Set([...document.getAnimations(), ...(shadow?.getAnimations() ?? [])]);
    const finite = [...all].filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await page.addScriptTag({ content: axeSource });
  // The wallet scrolls inside its fixed panel: axe only judges what is laid out on screen (contrast needs a
  // rendered background), so the viewport is made as tall as the panel's content for the check, then restored.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-panel')?.scrollHeight ?? 0);
  if (viewport && height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  try {
    return await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
      // The open wallet locks the page behind it (`overflow: hidden` on the root, src/client/platform.ts), and with
      // the lock axe takes the fixed panel for off-screen and judges the contrast of next to nothing in it. The
      // panel covers the page either way (fixed, inset 0), so what a person sees is the same without the lock: it is
      // lifted for the scan and put back.
      const root = document.documentElement;
      const locked = root.style.overflow;
      root.style.overflow = '';
      try {
        const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
        return { violations: result.violations, passes: result.passes };
      } finally {
        root.style.overflow = locked;
      }
    });
  } finally {
    if (viewport && height > viewport.height) await page.setViewportSize(viewport);
  }
}

/** axe's violations on the page (see runAxe), one line per rule with the elements' selectors. Any one fails. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await runAxe(page);
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** How many elements axe judged for colour contrast (passed or failed): what tests/e2e/seams.test.ts checks is all a person sees. */
export async function contrastChecked(page: Page): Promise<number> {
  const { violations, passes } = await runAxe(page);
  return [...violations, ...passes].filter((rule) => rule.id === 'color-contrast').reduce((sum, rule) => sum + rule.nodes.length, 0);
}

/**
 * The header's demo sign-in control: whether it is there, and what its shown button overlaps (another control of the
 * page or the launcher) or where it leaves the window.
 */
export const demoSignInControl = (page: Page) =>
  page.evaluate(() => {
    const account = document.querySelector('.site-header [data-demo-sign-in]');
    if (!account) return { present: false, problems: [] as string[] };
    const visible = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && !element.closest('[hidden]');
    };
    const mine = [...account.querySelectorAll('button')].filter(visible).map((button) => button.getBoundingClientRect());
    const launcher = document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-launcher');
    const others = [...document.querySelectorAll('a[href], button, input, select, textarea, [role="button"]'), ...(launcher ? [launcher] : [])].filter(
      (element) => !account.contains(element) && visible(element),
    );
    const problems = others
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return mine.some((box) => rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top);
      })
      .map((element) => `overlaps ${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
    for (const box of mine) if (box.left < 0 || box.right > innerWidth) problems.push(`leaves the window at ${Math.round(box.left)}–${Math.round(box.right)}`);
    if (mine.length === 0) problems.push('no button shown');
    return { present: true, problems };
  });
