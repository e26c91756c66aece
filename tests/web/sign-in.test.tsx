// The sign-in screens rendered in happy-dom against msw: login, code, personal data, then QR with the HUB.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CORRECT_CODE, handle, signInApi } from './fake-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();

function start(url: string, api = signInApi(), storage: Record<string, string> = {}) {
  server.use(...api.handlers);
  return { api, ...render(url, storage) };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Types the e-mail on LOGIN and presses Continue. */
async function submitEmail(email: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.click(continueButton());
}

describe('login', () => {
  it('shows a field error only once the field was touched', async () => {
    start('/en/?PANEL_TAB=LOGIN');
    const email = await screen.findByLabelText('E-mail');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    expect(screen.queryByText('Email is not valid')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('Email is not valid')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('marks the field touched when Continue is pressed on an empty form', async () => {
    const { api } = start('/en/?PANEL_TAB=LOGIN');
    await screen.findByLabelText('E-mail');
    fireEvent.click(continueButton());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('shows the loading state while the code is sent', async () => {
    const api = signInApi();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    start('/en/?PANEL_TAB=LOGIN', api);
    server.use(
      handle('signIn', async () => {
        await held;
        return { session: 'slow-session' };
      }),
    );
    await submitEmail('sam@example.com');
    await waitFor(() => expect(continueButton().getAttribute('aria-busy')).toBe('true'));
    release();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
  });
});

describe('a new user', () => {
  it('signs in with the code, gives a name and lands on QR with the HUB open', async () => {
    const { api, params, storage } = start('/en/?PANEL_TAB=LOGIN');
    await submitEmail(' Sam@Example.com ');

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText('sam@example.com')).toBeTruthy();
    expect(params().get('PANEL_TAB')).toBe('OTP');
    const code = screen.getByLabelText('One-time code') as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // Pasting the whole code from the e-mail (with its spaces) fills all six slots.
    fireEvent.change(code, { target: { value: ' 123 456 ' } });
    expect(code.value).toBe(CORRECT_CODE);
    fireEvent.click(continueButton());

    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeTruthy();
    expect(params().get('PANEL_TAB')).toBe('PERSONAL_DATA');
    expect(storage.getItem('tw.accessToken')).toBeTruthy();
    expect(storage.getItem('tw.loginSession')).toBeNull();
    // Pressing Back takes the focus from the empty first name: the question asks, the field is not marked behind it.
    const firstName = screen.getByLabelText('First name');
    fireEvent.blur(firstName);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    const question = await screen.findByRole('alertdialog', { name: 'Go back and sign out?' });
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('First name cannot be empty')).toBeNull();
    fireEvent.click(within(question).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Continue on the empty names marks them, and the focus goes to the first in error (never body).
    act(() => continueButton().focus());
    fireEvent.click(continueButton());
    expect(await screen.findByText('First name cannot be empty')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(storage.getItem('tw.accessToken')).toBeTruthy();
    // Only the last name missing: the focus goes there.
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Sam' } });
    act(() => continueButton().focus());
    fireEvent.click(continueButton());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last name')));
    expect(screen.getByLabelText('Last name').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Rivera' } });
    fireEvent.click(continueButton());

    const hub = await screen.findByRole('dialog', { name: 'Welcome' });
    expect(params().get('PANEL_TAB')).toBe('QR');
    expect(params().get('PANEL_OVERLAY_TAB')).toBe('HUB');
    await waitFor(() => expect(within(hub).getByText('sam@example.com')).toBeTruthy());
    expect(within(hub).getByText('#4821').className).toBe('tw-hash');
    expect(api.calls).toContain('updateProfile');
    expect(document.title).toBe('Welcome · Ticket Wallet');
  });
});

describe('a known user', () => {
  it('goes straight to QR and the HUB, with initials in the header', async () => {
    start('/en/?PANEL_TAB=LOGIN', signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } }));
    await submitEmail('alex@example.com');
    fireEvent.change(await screen.findByLabelText('One-time code'), { target: { value: CORRECT_CODE } });
    fireEvent.click(continueButton());
    await screen.findByRole('dialog', { name: 'Welcome' });
    const avatarButton = screen.getByRole('button', { name: /: open your account menu$/ });
    await waitFor(() => expect(avatarButton.textContent).toBe('AK'));
  });

  it('after a wrong code: the boxes empty, the first has the focus, the error stays until typing, and the right code signs in', async () => {
    const { params, api } = start('/en/?PANEL_TAB=LOGIN', signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } }));
    await submitEmail('alex@example.com');
    const field = (await screen.findByLabelText('One-time code')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '000000' } });
    const message = await screen.findByText('Wrong code. Please check the e-mail and try again.');
    // Under the boxes, as the field's own error (announced), not a toast that goes away.
    expect(message.closest('[role="alert"]')).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBe(message.closest('p')!.id);
    await waitFor(() => expect(field.value).toBe(''));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(params().get('PANEL_TAB')).toBe('OTP');
    // Leaving the empty boxes keeps the message; typing takes it away.
    fireEvent.blur(field);
    expect(screen.getByText('Wrong code. Please check the e-mail and try again.')).toBeTruthy();
    fireEvent.change(field, { target: { value: CORRECT_CODE.slice(0, 1) } });
    await waitFor(() => expect(screen.queryByText('Wrong code. Please check the e-mail and try again.')).toBeNull());
    // Continue on the emptied boxes would not send the wrong code again: the right one is all that goes out.
    fireEvent.change(field, { target: { value: CORRECT_CODE } });
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(api.calls.filter((call) => call.startsWith('verifyLogin'))).toEqual(['verifyLogin 000000', `verifyLogin ${CORRECT_CODE}`]);
  });

  it('can ask for the code again once the 30 s countdown has run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = start('/en/?PANEL_TAB=LOGIN');
      await submitEmail('alex@example.com');
      await screen.findByLabelText('One-time code');
      // (testing-library's waits move the fake clock too, so the seconds shown are not pinned here.)
      const waiting = screen.getByRole('button', { name: /^Resend code in \d+ s$/ }) as HTMLButtonElement;
      expect(waiting.disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      const resend = screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement;
      expect(resend.disabled).toBe(false);
      fireEvent.click(resend);
      expect(await screen.findByText('We sent you a new code.')).toBeTruthy();
      expect(api.calls.filter((call) => call.startsWith('signIn'))).toHaveLength(2);
      expect((screen.getByRole('button', { name: /^Resend code in \d+ s$/ }) as HTMLButtonElement).disabled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes back from the code screen to the e-mail', async () => {
    const { params } = start('/en/?PANEL_TAB=LOGIN');
    await submitEmail('alex@example.com');
    await screen.findByLabelText('One-time code');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(params().get('PANEL_TAB')).toBe('LOGIN');
  });
});

describe('the panel guard', () => {
  it('sends a signed-out visitor of a protected panel to login', async () => {
    const { params } = start('/en/?PANEL_TAB=MY_TICKET');
    expect(await screen.findByRole('heading', { name: 'Sign in or create an account' })).toBeTruthy();
    expect(params().get('PANEL_TAB')).toBe('LOGIN');
  });

  it('keeps a signed-in user on QR with the HUB instead of login', async () => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Kim' } });
    const { params } = start('/en/?PANEL_TAB=LOGIN', api, api.signedInStorage('alex@example.com'));
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(params().get('PANEL_TAB')).toBe('QR');
  });
});
