// Screenshots of the transfer history (PANEL_TAB=HISTORY): alex gifts the VIP ticket to jordan through the API (once),
// then per variant jordan's ticket page, its history loading, shown, and another holder's ticket refused, in light and
// dark, at 375 px and 1280 px, in English and Spanish, into screenshots/history/ (gitignored). Not a test: run
// `npx tsx tests/e2e/history-screenshots.ts` (SKIP_BUILD=1 on a fresh dist/), then look at them.
import { encodeUserTicketId } from '../../machines/ticket-id';
import { api, hostUrl, signIn, tokenOf } from './page-helpers';
import { runScreenshots, variants } from './screenshot-kit';

const words = { en: { welcome: 'Welcome', button: 'Transfer history' }, es: { welcome: 'Te damos la bienvenida', button: 'Historial de traspasos' } };

let ids: { gifted: number; notJordans: number } | undefined;

async function giftOnce(baseUrl: string): Promise<{ gifted: number; notJordans: number }> {
  if (ids) return ids;
  const upcoming = async (token: string) =>
    (await api(baseUrl, 'GET', '/list/ticket_listing?status=UPCOMING', token)).json as unknown as Array<{ userTicketId: number; ticketName: string }>;
  const alex = await tokenOf(baseUrl, 'alex@example.com');
  const vip = (await upcoming(alex)).find((ticket) => ticket.ticketName === 'VIP')!;
  const gift = await api(baseUrl, 'POST', '/mobile/giftTicket', alex, { userTicketId: vip.userTicketId, username: 'jordan@example.com' });
  if (gift.status !== 200) throw new Error(`the gift failed: ${gift.status}`);
  const jordan = await tokenOf(baseUrl, 'jordan@example.com');
  ids = { gifted: (await upcoming(jordan)).find((ticket) => ticket.ticketName === 'VIP')!.userTicketId, notJordans: (await upcoming(alex))[0]!.userTicketId };
  return ids;
}

runScreenshots({
  folder: 'history',
  // Every combination: both languages in both themes at both widths.
  variants: [...variants, { lang: 'es', scheme: 'light', width: 1280 }, { lang: 'es', scheme: 'dark', width: 375 }],
  screens: async ({ page, baseUrl, variant, shoot }) => {
    const { gifted, notJordans } = await giftOnce(baseUrl);
    const w = words[variant.lang];
    await signIn(page, baseUrl, 'jordan@example.com', variant.lang);
    await page.getByRole('dialog', { name: w.welcome }).waitFor();
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=TICKET&USER_TICKET_ID=${encodeUserTicketId(gifted)}`));
    await page.locator('.tw-event-card__title').waitFor();
    await shoot('1-ticket', { fullPage: true });
    // The skeleton: the history's request held until the shot is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/history', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: w.button }).click();
    await page.locator('.tw-skeleton').first().waitFor();
    await shoot('2-loading');
    release();
    await page.locator('.tw-history__move').first().waitFor();
    await shoot('3-history');
    await page.unroute('**/history');
    await page.goto(hostUrl(baseUrl, `/${variant.lang}/?PANEL_TAB=HISTORY&USER_TICKET_ID=${encodeUserTicketId(notJordans)}`));
    await page.locator('.tw-state-card').waitFor();
    await shoot('4-not-found');
  },
});
