// Between the flows (issue 23), keyboard only, in Chromium against a server of its own (it lists and gifts alex's
// tickets and verifies his payouts, which the other files must not see): Esc in the middle of a gift asks "Discard
// this gift?" (Keep editing keeps what was typed, Discard closes the wallet), and the accessibility helper checks the
// contrast of what a person sees with the scroll lock in place (it used to judge about one element).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, api, contrastChecked, focusedText, giftFirstTicket, hasFocus, hostUrl, listFirstTicket, signIn, signInByKeyboard, tabTo, tabUntilFocused, useBrowser, verifyPayouts, withPage } from './page-helpers';
import { useServer } from './server';

const server = useServer();
const browser = useBrowser();

const walletDialog = (page: Page) => page.getByRole('dialog', { name: 'Harbour Lights Festival' });

/** The newest dev-outbox mail to `email` whose text matches `pattern`, and the match (waits until it is there). */
async function mailMatching(email: string, pattern: RegExp): Promise<RegExpMatchArray> {
  const newest = async () => {
    const messages = (await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ text: string }>;
    return messages.map((message) => message.text.match(pattern)).findLast(Boolean) ?? null;
  };
  await expect.poll(newest, { timeout: 10_000, message: `no mail to ${email} matching ${pattern}` }).not.toBeNull();
  return (await newest())!;
}

describe('seams between the flows', () => {
  it('asks "Discard this gift?" on Esc in the middle of a gift: Keep editing keeps the input, Discard closes', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      await signIn(page, server.url, 'alex@example.com');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=GIFT`));
      await page.locator('ticket-wallet').getByText('Choose a ticket').first().waitFor();

      // The first step: nothing half-done, so Esc closes at once (and the launcher has the focus back).
      await tabTo(page, (text) => text === 'Choose a ticket');
      await page.keyboard.press('Escape');
      await walletDialog(page).waitFor({ state: 'detached' });
      expect(await page.getByRole('alertdialog').count()).toBe(0);

      await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=GIFT`));
      await page.locator('ticket-wallet').getByText('Choose a ticket').first().waitFor();
      await tabTo(page, (text) => text === 'Choose a ticket');
      await page.keyboard.press('Enter');
      await page.getByRole('listbox', { name: 'Ticket' }).getByRole('option').first().waitFor();
      await page.keyboard.press('Enter');
      await page.getByText('You are gifting').waitFor();
      // The E-mail tab has the focus; Tab enters the field.
      await page.keyboard.press('Tab');
      await page.keyboard.type('sam@exa');

      await page.keyboard.press('Escape');
      const question = page.getByRole('alertdialog', { name: 'Discard this gift?' });
      await question.waitFor();
      expect(await focusedText(page)).toBe('Keep editing');
      // The question took the focus from the half-typed e-mail: that blur is not the person leaving the field, so it
      // is not red behind the question.
      const emailField = page.getByLabel("Receiver's e-mail");
      expect(await emailField.getAttribute('aria-invalid')).toBeNull();
      expect(await accessibilityViolations(page)).toEqual([]);
      // Enter on the focused Keep editing: the question goes, the e-mail is still there and has the focus again.
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      expect(await emailField.inputValue()).toBe('sam@exa');
      await expect.poll(() => page.evaluate(() => document.querySelector('ticket-wallet')?.shadowRoot?.activeElement?.tagName)).toBe('INPUT');
      expect(await emailField.getAttribute('aria-invalid')).toBeNull();

      // A mouse press on the close button does not take the focus from the field first: the close asks, and the
      // field is not red behind the question.
      await page.getByRole('button', { name: 'Close the wallet' }).click();
      await question.waitFor();
      expect(await emailField.getAttribute('aria-invalid')).toBeNull();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await emailField.getAttribute('aria-invalid')).toBeNull();

      // Esc on the question keeps editing too.
      await page.keyboard.press('Escape');
      await question.waitFor();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      expect(await walletDialog(page).isVisible()).toBe(true);
      expect(await emailField.inputValue()).toBe('sam@exa');
      expect(await emailField.getAttribute('aria-invalid')).toBeNull();
      // Leaving the field is the person's doing again: the half-typed e-mail shows its error.
      await expect.poll(() => hasFocus(emailField)).toBe(true);
      await page.keyboard.press('Tab');
      await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');

      // Discard closes the wallet.
      await page.keyboard.press('Escape');
      await question.waitFor();
      await tabTo(page, (text) => text === 'Discard');
      await page.keyboard.press('Enter');
      await walletDialog(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('PANEL_TAB')).toBeNull();
    });
  });

  it("opens a gift e-mail's link signed out: after sign-in the wallet lands on that ticket, its heading focused", async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      await signIn(page, server.url, 'alex@example.com');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await giftFirstTicket(page, server.url, 'en', 'jordan@example.com');
    });
    const [, ticket, link] = await mailMatching('jordan@example.com', /gifted you a ticket: (.+) for .+Open it here: (\S+)/s);
    expect(link).toMatch(/\?PANEL_TAB=TICKET&USER_TICKET_ID=\w+$/);

    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      // The e-mail names the demo site; the same address on the host site.
      const { pathname, search } = new URL(link!);
      await page.goto(hostUrl(server.url, `${pathname}${search}`));
      // Signed out: the wallet asks for the sign-in first, its e-mail field focused.
      await expect.poll(() => hasFocus(page.getByLabel('E-mail'))).toBe(true);
      await signInByKeyboard(page, server.url, 'jordan@example.com');
      // Signed in: that ticket's screen, headed by its name and focused, not QR + HUB.
      const heading = page.locator('ticket-wallet').getByRole('heading', { level: 1, name: ticket });
      await heading.waitFor();
      await expect.poll(() => hasFocus(heading)).toBe(true);
      const url = new URL(page.url());
      expect(url.searchParams.get('PANEL_TAB')).toBe('TICKET');
      expect(url.searchParams.get('USER_TICKET_ID')).toBe(new URL(link!).searchParams.get('USER_TICKET_ID'));
      expect(await page.getByRole('dialog', { name: 'Welcome' }).count()).toBe(0);
    });
  });

  it('share page: "Sign in to buy" comes back to the share page ready to buy, and the test card 4242 buys', async () => {
    const link = await listFirstTicket(server.url, 'alex@example.com');
    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      await page.goto(link);
      const signInToBuy = page.getByRole('button', { name: 'Sign in to buy' });
      await tabUntilFocused(page, signInToBuy);
      await page.keyboard.press('Enter');
      await expect.poll(() => hasFocus(page.getByLabel('E-mail'))).toBe(true);
      await signInByKeyboard(page, server.url, 'jordan@example.com');

      // The wallet closes back onto the share page (not the HUB over it), ready to buy: its first control focused.
      await walletDialog(page).waitFor({ state: 'detached' });
      const quantity = page.getByLabel('Quantity');
      await expect.poll(() => hasFocus(quantity), { timeout: 5000 }).toBe(true);
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
      expect(await page.getByRole('dialog').count()).toBe(0);
      const card = page.getByLabel('Test payment method');
      expect(await card.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toMatch(/4242/);

      const buy = page.getByRole('button', { name: 'Buy', exact: true });
      await tabUntilFocused(page, buy);
      await page.keyboard.press('Enter');
      await page.getByText('Bought! The tickets are in your wallet now.').waitFor();
      await expect.poll(() => hasFocus(page.getByRole('button', { name: 'Open my tickets' }))).toBe(true);
      const code = link.split('/resale/')[1]!;
      expect((await api(server.url, 'GET', `/resell/listing/${code}`)).json.status).toBe('sold');
    });
  });

  it('resell end to end by keyboard, focus on a named element after every step; Unlist makes the ticket resellable again at once', async () => {
    await verifyPayouts(server.url, 'alex@example.com');
    await withPage(browser, { bypassCSP: true }, async ({ page }) => {
      const wallet = page.locator('ticket-wallet');
      const focused = (element: ReturnType<Page['locator']>) => expect.poll(() => hasFocus(element), { timeout: 5000 }).toBe(true);
      await signIn(page, server.url, 'alex@example.com');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=RESELL`));
      const picker = wallet.getByRole('button', { name: /Choose a ticket to resell/ });
      await picker.waitFor();
      const options = wallet.getByRole('listbox').getByRole('option');
      await tabUntilFocused(page, picker);
      await page.keyboard.press('Enter');
      await options.first().waitFor();
      const resellable = await options.count();

      // Choose the ticket: the price step's first control has the focus.
      await page.keyboard.press('Enter');
      await wallet.getByText('You are reselling').waitFor();
      // All of that kind, so that the picker has one entry fewer once it is listed.
      const more = wallet.getByRole('button', { name: 'One ticket more' });
      while (await more.isEnabled()) {
        await tabUntilFocused(page, more);
        await page.keyboard.press('Enter');
      }
      const price = wallet.getByLabel(/Price per ticket/);
      await tabUntilFocused(page, price);
      await page.keyboard.type('40');
      await wallet.getByText('Buyer pays').waitFor();
      const next = wallet.getByRole('button', { name: 'Continue' });
      await tabUntilFocused(page, next);
      await expect.poll(() => next.isEnabled()).toBe(true);
      await page.keyboard.press('Enter');
      // Continue: the confirmation's heading has the focus.
      await focused(wallet.getByRole('heading', { name: 'Confirm your listing' }));
      const terms = wallet.getByRole('checkbox', { name: /I accept the resale terms/ });
      await tabUntilFocused(page, terms);
      await page.keyboard.press('Space');
      expect(await terms.isChecked()).toBe(true);
      const list = wallet.getByRole('button', { name: 'List for resale' });
      await tabUntilFocused(page, list);
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { name: 'Your ticket is now listed for resale!' }));

      // Resell more tickets: back to the picker (focused on the step's heading), one ticket fewer in it.
      const again = wallet.getByRole('button', { name: 'Resell more tickets' });
      await tabUntilFocused(page, again);
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { name: 'Ticket to resell' }));
      await tabUntilFocused(page, picker);
      await page.keyboard.press('Enter');
      await expect.poll(() => options.count()).toBe(resellable - 1);
      await page.keyboard.press('Escape');
      await focused(picker);

      // Unlist it in the listings: asked first, then the picker has it again without a reload.
      const unlist = wallet.getByRole('button', { name: 'Unlist' }).first();
      await tabUntilFocused(page, unlist);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.keyboard.press('Enter');
      const question = page.getByRole('alertdialog', { name: 'Unlist this ticket?' });
      await question.waitFor();
      const confirmUnlist = question.getByRole('button', { name: 'Unlist' });
      await tabUntilFocused(page, confirmUnlist);
      await page.keyboard.press('Enter');
      await question.waitFor({ state: 'detached' });
      await tabUntilFocused(page, picker);
      await page.keyboard.press('Enter');
      await expect.poll(() => options.count()).toBe(resellable);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  });

  it('swap end to end by keyboard, focus on a named element after every step: Esc on the confirmation, checkout, "You now hold VIP"', async () => {
    await withPage(browser, { bypassCSP: true, viewport: { width: 1280, height: 900 } }, async ({ page }) => {
      const wallet = page.locator('ticket-wallet');
      const focused = async (element: ReturnType<Page['locator']>) => {
        try {
          await expect.poll(() => hasFocus(element), { timeout: 5000 }).toBe(true);
        } catch {
          throw new Error(`${element} does not have the focus; "${await focusedText(page)}" has it`);
        }
      };
      const panel = () => new URL(page.url()).searchParams.get('PANEL_TAB');
      await signIn(page, server.url, 'alex@example.com');
      const hub = page.getByRole('dialog', { name: 'Welcome' });
      await hub.waitFor();

      // The HUB's Swap tile: the swap panel opens, headed by its title, which has the focus.
      const tile = hub.getByRole('button', { name: 'Swap', exact: true });
      await tabUntilFocused(page, tile);
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { level: 1, name: 'Swap a ticket' }));
      expect(panel()).toBe('SWAP');
      expect(await hub.count()).toBe(0);

      // The base ticket: the next step's heading has the focus (the chosen card's button is gone).
      const base = wallet.getByRole('button', { name: 'Choose General Admission' });
      await tabUntilFocused(page, base);
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { name: 'Swap it for' }));
      expect(panel()).toBe('SWAP');

      // The new ticket type: the confirmation opens with its first action focused.
      const target = wallet.getByRole('button', { name: 'Choose VIP' });
      await tabUntilFocused(page, target);
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Upgrade your ticket?' });
      await modal.waitFor();
      await modal.getByText('You will pay $140.00 at checkout.').waitFor();
      const checkout = modal.getByRole('button', { name: 'Go to checkout' });
      await focused(checkout);

      // Esc on the confirmation: it closes, the reservation is released and the choice starts over (as Cancel does),
      // so the focus is back on the base's Choose button, where Enter picks it again.
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await focused(base);
      expect(panel()).toBe('SWAP');

      // Confirm again, then Go to checkout.
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { name: 'Swap it for' }));
      await tabUntilFocused(page, target);
      await page.keyboard.press('Enter');
      await modal.waitFor();
      await focused(checkout);
      await page.keyboard.press('Enter');

      // The checkout page on the ticket site: the test card 4242 is chosen; Tab reaches it, then Pay.
      await page.waitForURL(/\/en\/harbour-lights-weekender-\d+\/checkout\/SW-[0-9A-F]+\?redirectDomain=.+&origin=ticket_swap$/);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      const card = page.getByRole('radio', { name: /4242/ });
      await card.waitFor();
      expect(await card.isChecked()).toBe(true);
      await tabUntilFocused(page, card);
      const pay = page.getByRole('button', { name: /^Pay \$140\.00$/ });
      await tabUntilFocused(page, pay);
      await page.keyboard.press('Enter');

      // Back in the wallet on the confirmation, its heading focused; View my tickets shows the new VIP.
      await page.waitForURL((url) => url.pathname === '/en/' && url.searchParams.get('PANEL_TAB') === 'SWAP' && /^SW-/.test(url.searchParams.get('SWAP_ORDER') ?? ''));
      await focused(wallet.getByRole('heading', { name: 'You now hold VIP' }));
      await wallet.getByText(/^You paid \$140\.00 \w+ for the upgrade from General Admission\.$/).waitFor();
      const view = wallet.getByRole('button', { name: 'View my tickets' });
      await tabUntilFocused(page, view);
      await page.keyboard.press('Enter');
      await focused(wallet.getByRole('heading', { level: 1, name: 'My tickets' }));
      expect(panel()).toBe('MY_TICKET');
      await wallet.locator('.tw-ticket-card', { hasText: 'VIP' }).first().waitFor();
    });
  });

  it('checks the contrast of what a person sees with the scroll lock in place, in light and in dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await withPage(browser, { bypassCSP: true, colorScheme }, async ({ page }) => {
        await signIn(page, server.url, 'alex@example.com');
        await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
        await page.goto(hostUrl(server.url, `/en/?PANEL_TAB=MY_TICKET`));
        await page.getByRole('heading', { level: 1, name: 'My tickets' }).waitFor();
        const lock = await page.evaluate(() => getComputedStyle(document.documentElement).overflow);
        expect(lock, 'the page behind the wallet is locked').toBe('hidden');
        // Every piece of text on the screen is judged: at least as many as the wallet's visible text elements.
        const visibleTexts = await page.evaluate(() => {
          const root = document.querySelector('ticket-wallet')?.shadowRoot;
          const elements = [...(root?.querySelectorAll('.tw-panel *') ?? [])] as HTMLElement[];
          return elements.filter((element) =>
            [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '') &&
            element.checkVisibility() && element.getBoundingClientRect().width > 0,
          ).length;
        });
        expect(visibleTexts).toBeGreaterThan(10);
        expect(await contrastChecked(page), colorScheme).toBeGreaterThanOrEqual(Math.floor(visibleTexts * 0.8));
        // A faint line of text inside the panel is reported.
        await page.evaluate(() => {
          const main = document.querySelector('ticket-wallet')?.shadowRoot?.querySelector('.tw-main');
          const faint = document.createElement('p');
          faint.textContent = 'Barely readable';
          faint.style.color = '#999';
          faint.style.opacity = '0.35';
          main?.prepend(faint);
        });
        expect((await accessibilityViolations(page)).join('\n')).toContain('color-contrast');
      });
    }
  });
});
