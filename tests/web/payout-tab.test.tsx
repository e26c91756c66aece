// The settings' Payouts tab once the account is verified (docs/decisions/0114-the-payouts-tab-as-stripe-embeds-it.md): with
// Stripe, its notification banner and account management are mounted into the tab (connect-js replaced by a fake
// that creates the elements and asks for the Account Session's secret as connect.js does: the secret comes from the
// server's connect call), and a payout Stripe could not make to the bank is told with its reason and what to do, in
// English and Spanish. With the local provider the tab offers to change the bank account with its own form.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentsAccount } from '../../src/contract/entities';
import { handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

/** What the fake connect-js was asked: the components created, and the client secrets it fetched. */
const connect = vi.hoisted(() => ({ created: [] as string[], secrets: [] as string[], publishableKeys: [] as string[] }));
vi.mock('@stripe/connect-js', () => ({
  loadConnectAndInitialize: ({ publishableKey, fetchClientSecret }: { publishableKey: string; fetchClientSecret: () => Promise<string> }) => {
    connect.publishableKeys.push(publishableKey);
    void fetchClientSecret().then((secret) => connect.secrets.push(secret));
    return {
      create: (name: string) => {
        connect.created.push(name);
        const element = document.createElement(`stripe-connect-${name}`);
        element.setAttribute('data-component', name);
        return Object.assign(element, { setOnExit: () => {} });
      },
    };
  },
}));

const tests = setUpWalletTests();
const click = (element: HTMLElement) => act(() => fireEvent.click(element));
const failure = { amountMinor: 4200, currencyCode: 'AUD', failureCode: 'account_closed', failedAt: '2026-05-02T10:00:00.000Z' };
const account = (overrides: Partial<PaymentsAccount> = {}): PaymentsAccount => ({
  clientSecret: '',
  provider: 'local',
  publishableKey: null,
  verified: true,
  country: 'AU',
  payoutFailure: null,
  ...overrides,
});

function renderTab(lang: 'en' | 'es', answer: PaymentsAccount, connected: (call: number) => PaymentsAccount) {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  let connects = 0;
  tests.server.use(
    ...api.handlers,
    handle('paymentsAccount', () => answer),
    handle('paymentsConnect', () => connected(++connects)),
  );
  tests.render(`/${lang}/?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION`, api.signedInStorage('alex@example.com'));
  return { connects: () => connects };
}

describe('the Payouts tab of a verified Stripe account', () => {
  const stripeAccount = account({ provider: 'stripe', publishableKey: 'pk_test_stub', payoutFailure: failure });

  it('mounts the notification banner and account management with a fresh session, and tells the failed payout', async () => {
    connect.created.length = 0;
    connect.secrets.length = 0;
    const calls = renderTab('en', stripeAccount, (call) => ({ ...stripeAccount, clientSecret: `accs_secret_${call}` }));
    const tab = within((await screen.findByRole('heading', { name: 'Payout verification' })).closest('section')!);
    await tab.findByText('Your payout account is verified. You can resell tickets.');
    const notice = await tab.findByRole('alert');
    expect(within(notice).getByText(/^A payout of 42\.00 AUD to your bank failed on /)).toBeTruthy();
    expect(within(notice).getByText('Your bank says the account is closed.')).toBeTruthy();
    expect(within(notice).getByText(/The money is safe in your Stripe balance\. Check your bank account in the account details below/)).toBeTruthy();
    const region = tab.getByRole('region', { name: 'Your Stripe payout account' });
    await waitFor(() => expect([...region.children].map((element) => element.getAttribute('data-component'))).toEqual(['notification-banner', 'account-management']));
    expect(connect.created).toEqual(['notification-banner', 'account-management']);
    // A verified account has no session: connect.js's first secret is a new one from the server.
    await waitFor(() => expect(connect.secrets).toEqual(['accs_secret_1']));
    expect(calls.connects()).toBe(1);
    expect(connect.publishableKeys.at(-1)).toBe('pk_test_stub');
    // Nothing to verify again, and no local form.
    expect(tab.queryByRole('button', { name: 'Verify my account' })).toBeNull();
    expect(tab.queryByRole('button', { name: 'Change bank account' })).toBeNull();
  });

  it('tells it in Spanish', async () => {
    renderTab('es', { ...stripeAccount, payoutFailure: { ...failure, failureCode: 'a_code_we_do_not_know' } }, (call) => ({ ...stripeAccount, clientSecret: `accs_secret_${call}` }));
    const tab = within((await screen.findByRole('heading', { name: 'Verificación de cobros' })).closest('section')!);
    const notice = await tab.findByRole('alert');
    expect(within(notice).getByText(/^Falló un cobro de 42\.00 AUD a tu banco el /)).toBeTruthy();
    // A code the tab does not know is told as the general case.
    expect(within(notice).getByText('Tu banco no aceptó el cobro.')).toBeTruthy();
    expect(within(notice).getByText(/El dinero está seguro en tu saldo de Stripe/)).toBeTruthy();
    expect(tab.getByRole('region', { name: 'Tu cuenta de cobros de Stripe' })).toBeTruthy();
  });

  it('shows no notice when no payout failed', async () => {
    renderTab('en', { ...stripeAccount, payoutFailure: null }, (call) => ({ ...stripeAccount, payoutFailure: null, clientSecret: `accs_secret_${call}` }));
    const tab = within((await screen.findByRole('heading', { name: 'Payout verification' })).closest('section')!);
    await tab.findByRole('region', { name: 'Your Stripe payout account' });
    expect(tab.queryByRole('alert')).toBeNull();
  });
});

describe('the Payouts tab of a verified local account (no Stripe keys)', () => {
  it('changes the bank account with the local form, and Cancel leaves it', async () => {
    const sent: unknown[] = [];
    renderTab('en', account(), () => account({ clientSecret: 'local_cs_1.n.s' }));
    tests.server.use(
      handle('paymentsLocalOnboarding', ({ body }) => {
        sent.push(body);
        return account();
      }),
    );
    const tab = () => within(screen.getByRole('heading', { name: 'Payout verification' }).closest('section')!);
    await screen.findByText('Your payout account is verified. You can resell tickets.');
    expect(tab().queryByRole('region', { name: 'Your Stripe payout account' })).toBeNull();
    click(tab().getByRole('button', { name: 'Change bank account' }));
    const form = await tab().findByRole('form', { name: 'Change your bank account' });
    click(within(form).getByRole('button', { name: 'Cancel' }));
    await tab().findByText('Your payout account is verified. You can resell tickets.');
    click(tab().getByRole('button', { name: 'Change bank account' }));
    const again = await tab().findByRole('form', { name: 'Change your bank account' });
    act(() => fireEvent.change(within(again).getByLabelText('Legal name'), { target: { value: 'Alex Rivera' } }));
    act(() => fireEvent.change(within(again).getByLabelText('Bank account, last 4 digits'), { target: { value: '9876' } }));
    click(within(again).getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(sent).toEqual([{ clientSecret: 'local_cs_1.n.s', legalName: 'Alex Rivera', bankAccountLast4: '9876' }]));
    await tab().findByText('Your payout account is verified. You can resell tickets.');
    expect(tab().queryByRole('form')).toBeNull();
  });
});
