// A gift to oneself, in Chromium against the shared server (nothing is gifted): alex's own e-mail is refused at the
// receiver step, with the message under the field; Confirm receiver pressed stays there with the focus on the field
// (never body), in English and Spanish; the username
// search leaves alex out of its suggestions (another alex-like name is still offered when there is one).
import { describe, expect, inject, it } from 'vitest';
import { giftWords, hostUrl, type Lang, signIn, useBrowser, withPage } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const selfGift: Record<Lang, string> = { en: 'You cannot gift a ticket to yourself', es: 'No puedes regalarte una entrada a ti mismo' };

describe('a gift to yourself', () => {
  it('is refused at the receiver step by e-mail, and the username search does not suggest you', async () => {
    await withPage(browser, { bypassCSP: true }, async ({ page, errors }) => {
      await signIn(page, baseUrl, 'alex@example.com');
      await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
      for (const lang of ['en', 'es'] as Lang[]) {
        await page.goto(hostUrl(baseUrl, `/${lang}/?PANEL_TAB=GIFT`));
        await page.locator('ticket-wallet .tw-dropdown__button').click();
        await page.locator('ticket-wallet .tw-dropdown__option').first().click();
        const email = page.getByLabel(giftWords[lang].email);
        await email.fill('Alex@Example.com');
        await page.getByText(selfGift[lang]).waitFor();
        expect(await email.getAttribute('aria-invalid'), lang).toBe('true');
        const confirm = page.getByRole('button', { name: giftWords[lang].confirm });
        await confirm.click();
        // Refused where it is: still the receiver step, the message kept, the focus on the field in error.
        expect(await email.evaluate((field) => (field.getRootNode() as ShadowRoot).activeElement === field), lang).toBe(true);
        expect(await page.getByText(selfGift[lang]).count(), lang).toBe(1);
        expect(await page.locator('ticket-wallet input[type="checkbox"]').count(), lang).toBe(0);
        await email.fill('sam@example.com');
        await expect.poll(() => page.getByText(selfGift[lang]).count()).toBe(0);
        expect(await confirm.isEnabled(), lang).toBe(true);
      }
      // The username tab: "alex" finds nobody but alex, who is left out; "sa" still finds sam.
      await page.locator('ticket-wallet [role="tab"]').nth(1).click();
      const field = page.locator('ticket-wallet #tw-gift-username');
      await field.fill('sa');
      await page.getByRole('option', { name: /^sam#1150/ }).waitFor();
      const searched = page.waitForResponse((response) => response.url().includes('/v1/mobile/users/?username=alex'));
      await field.fill('alex');
      const found = (await (await searched).json()) as Array<{ username: string }>;
      expect(found.filter((suggestion) => suggestion.username.startsWith('alex#'))).toEqual([]);
      expect(await page.getByRole('option', { name: /^alex#/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
