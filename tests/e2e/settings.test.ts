// The account settings in headless Chromium against the real server: alex changes the nickname, the names, the phone
// number (in the modal, as dialled in Australia) and the picture, and sees them at once in the header and the HUB;
// then puts names and nickname back and removes the picture, for the other e2e files. axe-core finds nothing on the tabs and the modal.
import type { BrowserContext, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityViolations, openPage, signIn, useBrowser } from './page-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('account settings', () => {
  let context: BrowserContext, page: Page, errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await openPage(browser, { bypassCSP: true }));
    await signIn(page, baseUrl, 'alex@example.com');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
  });
  afterAll(() => context?.close());

  const wallet = () => page.locator('ticket-wallet');
  const nicknameForm = () => page.getByRole('form', { name: 'Your nickname' });
  const namesForm = () => page.getByRole('form', { name: 'Your name' });
  const headerAvatar = () => wallet().locator('.tw-header .tw-avatar');

  it('opens Settings from the HUB on the account tab', async () => {
    await page.getByRole('dialog', { name: 'Welcome' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    expect(await nicknameForm().getByText('#4821', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('up to 5 MB. At least 264×264 pixels recommended', { exact: false }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('changes the nickname (Save only once changed) and the names; the header and the HUB follow', async () => {
    const save = nicknameForm().getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Nickname', { exact: true }).fill('alexr');
    await save.click();
    await page.getByText('Nickname saved', { exact: true }).waitFor();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Quinn');
    await namesForm().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name saved', { exact: true }).waitFor();
    await expect.poll(() => headerAvatar().textContent()).toBe('RQ');
    await headerAvatar().click();
    const hub = page.getByRole('dialog', { name: 'Welcome' });
    await hub.getByText('alexr').waitFor();
    await hub.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  });

  it('adds a phone number in the modal, refusing an invalid one with a clear message', async () => {
    await page.getByRole('button', { name: 'Add phone number' }).click();
    const modal = page.getByRole('dialog', { name: 'Your phone number' });
    await modal.waitFor();
    expect(await modal.getByLabel('Country').inputValue()).toBe('AU');
    expect(await accessibilityViolations(page)).toEqual([]);
    await modal.getByLabel('Phone number').fill('12');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('This phone number is not valid for the chosen country').waitFor();
    await modal.getByLabel('Phone number').fill('0412 345 678');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    // Shown formatted, stored as E.164.
    await page.getByText('+61 412 345 678').waitFor();
  });

  it('uploads a picture, previewed first, and the header shows it', async () => {
    const png = await QRCode.toBuffer('alex', { width: 300 });
    await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Your new picture, cropped square' }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Profile picture saved').waitFor();
    await expect.poll(() => headerAvatar().locator('img').getAttribute('src')).toMatch(/\/avatars\//);
  });

  it('shows the payout tab with the verification button', async () => {
    await page.getByRole('tab', { name: 'Payouts' }).click();
    await page.getByRole('button', { name: 'Verify my account' }).waitFor();
    expect(new URL(page.url()).searchParams.get('SETTINGS_TAB')).toBe('ACCOUNT_VERIFICATION');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Account' }).click();
  });

  it('puts the names and the nickname back and removes the picture', async () => {
    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Rivera');
    await namesForm().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Name saved', { exact: true }).waitFor();
    await page.getByLabel('Nickname', { exact: true }).fill('alex');
    await nicknameForm().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nickname saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await expect.poll(() => headerAvatar().textContent()).toBe('AR');
    expect(errors).toEqual([]);
  });
});
