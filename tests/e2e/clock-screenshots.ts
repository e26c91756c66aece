// Screenshots of the screens issue 23's "one clock / limits / receipts / QR honesty / polish" part changed, signed in
// as the demo user alex: the swap confirmation after checkout (an upgrade paid through the API first), the QR screen
// with its seconds left and its learn-more note, and the settings (picture hint, formatted phone). Light and dark,
// 320, 375 and 1280 px, English and Spanish, into screenshots/ (gitignored).
// Not a test: `SKIP_BUILD=1 npx tsx tests/e2e/clock-screenshots.ts`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './browser';
import { hostUrl, signIn } from './page-helpers';
import { buildWeb, latestCode, startServer } from './server';

const outDir = fileURLToPath(new URL('../../screenshots/', import.meta.url));
mkdirSync(outDir, { recursive: true });

async function api(baseUrl: string, path: string, token: string | null, body?: object) {
  const response = await fetch(`${baseUrl}/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

/** Alex upgrades one General Admission to VIP and pays: the order the wallet then confirms. */
async function paidUpgrade(baseUrl: string): Promise<string> {
  const email = 'alex@example.com';
  const { session } = await api(baseUrl, '/auth/signInOrRegisterAndSignIn', null, { email });
  const otp = await latestCode(baseUrl, email);
  const { accessToken } = await api(baseUrl, '/auth/verifyLoginRequest', null, { email, otp, session });
  const bases = (await api(baseUrl, '/ticket_swap/tickets', accessToken)) as Array<{ id: number; name: string }>;
  const ga = bases.find((base) => /General/.test(base.name))!;
  const targets = (await api(baseUrl, `/ticket_swap/tickets/${ga.id}`, accessToken)) as Array<{ id: number; name: string }>;
  const vip = targets.find((target) => /VIP/.test(target.name))!;
  const started = await api(baseUrl, '/ticket_swap/start_swap', accessToken, { baseTicketId: ga.id, swapPairId: vip.id, swapQuantity: 1 });
  await api(baseUrl, `/ticket_swap/pay/${started.orderIdentifier}`, accessToken, { paymentMethod: 'pm_card_visa' });
  return started.orderIdentifier as string;
}

if (process.env.SKIP_BUILD !== '1') buildWeb();
const server = await startServer();
const browser = await launchChromium();
try {
  const order = await paidUpgrade(server.url);
  for (const lang of ['en', 'es'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [320, 375, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 812 : 800 }, colorScheme: scheme, locale: lang });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error('page error:', error.message));
        const shoot = async (name: string) => {
          await page.waitForTimeout(500);
          const file = join(outDir, `clock-${lang}-${scheme}-${width}-${name}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        };
        await signIn(page, server.url, 'alex@example.com', lang);
        await page.locator('.tw-hub').waitFor();
        await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=SWAP&SWAP_ORDER=${order}`));
        await page.locator('#tw-swap-receipt-title').waitFor();
        await shoot('swap-receipt');
        await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=QR`));
        await page.locator('.tw-qr__seconds').waitFor();
        await shoot('qr');
        await page.locator('.tw-qr-screen__learn').click();
        await page.locator('.tw-learn-more__note').scrollIntoViewIfNeeded();
        await shoot('qr-learn-more');
        await page.goto(hostUrl(server.url, `/${lang}/?PANEL_TAB=SETTINGS`));
        await page.locator('#tw-settings-phone').waitFor();
        await page.locator('#tw-settings-phone').scrollIntoViewIfNeeded();
        await shoot('settings');
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
