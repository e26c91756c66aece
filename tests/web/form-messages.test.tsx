// Forms that say why, not only grey: a touched resale price and a touched gift e-mail in error show the message of
// the rule they break (not a catch-all), in English and in Spanish.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodeUserTicketId } from '../../machines/ticket-id';
import { payoutAccount, resellableTicket, sampleQuote } from '../../machines/models/resell.model';
import { ticketDetail, userTicket } from '../../machines/models/ticket-fixtures';
import { apiError, handle, signInApi } from './fake-api';
import { ticketsApi } from './fake-tickets-api';
import { setUpWalletTests } from './render-wallet';

const { server, render } = setUpWalletTests();
const main = () => within(document.querySelector<HTMLElement>('.tw-main')!);

function openResell(language: 'en' | 'es') {
  const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
  server.use(
    ...api.handlers,
    handle('resellableTickets', () => [resellableTicket()]),
    handle('priceQuote', () => sampleQuote),
    handle('paymentsAccount', () => payoutAccount(true)),
  );
  return render(`/${language}/?PANEL_TAB=RESELL&USER_TICKET_ID=${encodeUserTicketId(21)}`, api.signedInStorage('alex@example.com'));
}

async function typeAndLeave(label: RegExp | string, value: string): Promise<HTMLInputElement> {
  const field = (await main().findByLabelText(label)) as HTMLInputElement;
  act(() => {
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  });
  return field;
}

/** The message the field points at with aria-describedby, and whether the field says it is invalid. */
function messageOf(field: HTMLInputElement): { text: string | null; invalid: boolean } {
  const id = field.getAttribute('aria-describedby');
  return { text: id ? (document.getElementById(id)?.textContent ?? null) : null, invalid: field.getAttribute('aria-invalid') === 'true' };
}

describe('the resale price says why it is refused', () => {
  const cases = {
    en: {
      label: 'Price per ticket (AUD)',
      abc: 'Enter the price as a number, like 25.50',
      zero: 'Price must be more than 0',
      over: 'At most $50.00 per ticket',
      decimals: 'Use at most 2 decimals',
    },
    es: {
      label: /^Precio por entrada/,
      abc: 'Escribe el precio como un número, por ejemplo 25,50',
      zero: 'El precio debe ser mayor que 0',
      over: /^Como máximo .*50.* por entrada$/,
      decimals: 'Usa como máximo 2 decimales',
    },
  } as const;
  it.each(['en', 'es'] as const)('%s: abc, 0, -5, over the maximum, three decimals', async (language) => {
    const text = cases[language];
    openResell(language);
    const expectations: Array<[string, string | RegExp]> = [
      ['abc', text.abc],
      ['0', text.zero],
      ['-5', text.zero],
      ['51', text.over],
      ['12.345', text.decimals],
    ];
    for (const [value, message] of expectations) {
      const field = await typeAndLeave(text.label, value);
      const shown = messageOf(field);
      expect(shown.invalid, value).toBe(true);
      if (typeof message === 'string') expect(shown.text, value).toBe(message);
      else expect(shown.text, value).toMatch(message);
    }
    // A valid price shows the hint again, not an error.
    const field = await typeAndLeave(text.label, '25');
    expect(messageOf(field).invalid).toBe(false);
  });
});

describe('the gift e-mail says why it is refused', () => {
  it.each([
    ['en', "Receiver's e-mail", 'Email is not valid', 'Email is too long (at most 254 characters)'],
    ['es', 'Correo de quien la recibe', 'El correo no es válido', 'El correo es demasiado largo (254 caracteres como máximo)'],
  ] as const)('%s: "not an email" and a too-long address', async (language, label, invalid, tooLong) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    const tickets = ticketsApi({ upcoming: [userTicket()], details: [ticketDetail()] });
    server.use(...tickets.handlers, ...api.handlers);
    render(`/${language}/?PANEL_TAB=GIFT&USER_TICKET_ID=${encodeUserTicketId(11)}`, api.signedInStorage('alex@example.com'));
    await main().findByRole('tab', { selected: true });
    const notEmail = await typeAndLeave(label, 'not an email');
    expect(messageOf(notEmail)).toEqual({ text: invalid, invalid: true });
    const long = await typeAndLeave(label, `${'a'.repeat(250)}@example.com`);
    expect(messageOf(long)).toEqual({ text: tooLong, invalid: true });
  });
});

describe('redeem says what happened', () => {
  it.each([
    ['en', 'Ticket code', 'Redeem', 'This code was already redeemed: its ticket has moved to another wallet.'],
    ['es', 'Código de la entrada', 'Canjear', 'Este código ya se canjeó: su entrada ya está en otra cartera.'],
  ] as const)('%s: a code used before says it was already redeemed', async (language, label, submit, message) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    server.use(...api.handlers, handle('redeem', () => apiError('api.redeem.already_redeemed')));
    render(`/${language}/?PANEL_TAB=REDEEM`, api.signedInStorage('alex@example.com'));
    const field = await main().findByLabelText(label);
    act(() => fireEvent.change(field, { target: { value: 'AAAA-BBBB-CCCC-DDDD' } }));
    fireEvent.click(main().getByRole('button', { name: submit }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('a success names the redeemed ticket', async () => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    server.use(...api.handlers, handle('redeem', () => ({ name: 'General Admission', logo: null, userTicketId: 11 })));
    render('/en/?PANEL_TAB=REDEEM', api.signedInStorage('alex@example.com'));
    act(() => fireEvent.change(main().getByLabelText('Ticket code'), { target: { value: 'AAAA-BBBB-CCCC-DDDD' } }));
    fireEvent.click(main().getByRole('button', { name: 'Redeem' }));
    expect(await main().findByText('General Admission is now in your wallet.')).toBeTruthy();
  });
});

describe('settings: a refused Save says why and puts the focus on the first field in error', () => {
  const texts = {
    en: { nickname: 'Nickname', firstName: 'First name', save: 'Save', empty: 'Username cannot be empty', symbols: 'Use no spaces and no #', long: 'At most 32 characters', firstEmpty: 'First name cannot be empty' },
    es: { nickname: 'Apodo', firstName: 'Nombre', save: 'Guardar', empty: 'El nombre de usuario no puede estar vacío', symbols: 'Sin espacios ni #', long: 'Como máximo 32 caracteres', firstEmpty: 'El nombre no puede estar vacío' },
  } as const;

  function openSettings(language: 'en' | 'es') {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    server.use(...api.handlers);
    render(`/${language}/?PANEL_TAB=SETTINGS`, api.signedInStorage('alex@example.com'));
    return api;
  }

  /** Types into the field without leaving it, then presses its form's Save. */
  async function typeAndSave(label: string, value: string, save: string): Promise<HTMLInputElement> {
    const field = (await main().findByLabelText(label)) as HTMLInputElement;
    act(() => fireEvent.change(field, { target: { value } }));
    const form = field.closest('form')!;
    const button = within(form).getByRole('button', { name: save }) as HTMLButtonElement;
    expect(button.disabled, `${label} Save is pressable`).toBe(false);
    act(() => button.focus());
    act(() => fireEvent.click(button));
    return field;
  }

  it.each(['en', 'es'] as const)('%s: nickname empty, with symbols, 200 characters; first name empty', async (language) => {
    const text = texts[language];
    const api = openSettings(language);
    for (const [value, message] of [
      ['', text.empty],
      ['sam #1', text.symbols],
      ['a'.repeat(200), text.long],
    ] as const) {
      const field = await typeAndSave(text.nickname, value, text.save);
      expect(messageOf(field), JSON.stringify(value)).toEqual({ text: message, invalid: true });
      expect(document.activeElement, 'focus on the nickname').toBe(field);
    }
    const firstName = await typeAndSave(text.firstName, '  ', text.save);
    expect(messageOf(firstName)).toEqual({ text: text.firstEmpty, invalid: true });
    expect(document.activeElement, 'focus on the first name').toBe(firstName);
    expect(document.activeElement).not.toBe(document.body);
    // Nothing invalid was sent.
    expect(api.calls.filter((call) => call.startsWith('updateProfile'))).toEqual([]);
  });
});

describe('a refused Confirm receiver or Continue says why and puts the focus on the field in error', () => {
  it.each([
    ['en', "Receiver's e-mail", 'Confirm receiver', 'Email is not valid'],
    ['es', 'Correo de quien la recibe', 'Confirmar destinatario', 'El correo no es válido'],
  ] as const)('%s: the gift e-mail, typed and not left', async (language, label, confirm, invalid) => {
    const api = signInApi({ 'alex@example.com': { givenName: 'Alex', familyName: 'Rivera' } });
    const tickets = ticketsApi({ upcoming: [userTicket()], details: [ticketDetail()] });
    server.use(...tickets.handlers, ...api.handlers);
    render(`/${language}/?PANEL_TAB=GIFT&USER_TICKET_ID=${encodeUserTicketId(11)}`, api.signedInStorage('alex@example.com'));
    const field = (await main().findByLabelText(label)) as HTMLInputElement;
    act(() => fireEvent.change(field, { target: { value: 'not an email' } }));
    // Not left: no message yet, and Confirm is pressable.
    expect(messageOf(field).invalid).toBe(false);
    const button = main().getByRole('button', { name: confirm }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    act(() => button.focus());
    act(() => fireEvent.click(button));
    expect(messageOf(field)).toEqual({ text: invalid, invalid: true });
    expect(document.activeElement).toBe(field);
    // Still the receiver step: nothing confirmed.
    expect(main().queryByRole('checkbox')).toBeNull();
  });

  it.each([
    ['en', 'Price per ticket (AUD)', 'Continue', 'Enter the price as a number, like 25.50'],
    ['es', /^Precio por entrada/, 'Continuar', 'Escribe el precio como un número, por ejemplo 25,50'],
  ] as const)('%s: the resale price, typed and not left', async (language, label, continueLabel, message) => {
    openResell(language);
    const field = (await main().findByLabelText(label)) as HTMLInputElement;
    act(() => fireEvent.change(field, { target: { value: 'abc' } }));
    const button = main().getByRole('button', { name: continueLabel }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    act(() => button.focus());
    act(() => fireEvent.click(button));
    expect(messageOf(field)).toEqual({ text: message, invalid: true });
    expect(document.activeElement).toBe(field);
    expect(document.activeElement).not.toBe(document.body);
    // Still the price step.
    expect(main().queryByRole('checkbox')).toBeNull();
  });
});
