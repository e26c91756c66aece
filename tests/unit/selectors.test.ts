// The view selectors of the wallet's router, and of the login and logout machines.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { loginMachine, type LoginContext } from '../../machines/login';
import { selectCanResendCode, selectCanSubmitOtp, selectCodeEmail } from '../../machines/login.otp-selectors';
import { fieldError, fieldView, selectCanSubmitEmail, selectIsBusy, selectLoginScreen } from '../../machines/login.selectors';
import { logoutMachine } from '../../machines/logout';
import { selectIsLoggingOut, selectIsLogoutModalOpen } from '../../machines/logout.selectors';
import { walletMachine } from '../../machines/wallet';
import { stubChildren } from '../../machines/models/wallet.model';
import { testServices } from '../../machines/models/fake-platform';
import { loginKeys } from '../../src/client/login-storage';
import {
  selectIsHubFading,
  selectIsHubVisible,
  selectIsOpen,
  selectIsSignedIn,
  selectLanguage,
  selectLocksPageScroll,
  selectOverlay,
  selectRoute,
  selectSettingsTab,
  selectTab,
  selectTitleScreen,
} from '../../machines/panel.selectors';

const fields = (overrides: Partial<LoginContext['fields']>): Pick<LoginContext, 'fields'> => ({
  fields: { email: '', otp: '', givenName: '', familyName: '', ...overrides },
});
const untouched = { email: false, otp: false, givenName: false, familyName: false };

describe('login field selectors', () => {
  it('gives the first locale key of a field', () => {
    expect(fieldError(fields({}), 'email')).toBe('form.email_required');
    expect(fieldError(fields({ email: 'ada@' }), 'email')).toBe('form.email_invalid');
    expect(fieldError(fields({ email: 'ada@example.com' }), 'email')).toBeNull();
    expect(fieldError(fields({ otp: '12a456' }), 'otp')).toBe('form.code_length');
    expect(fieldError(fields({ givenName: '   ' }), 'givenName')).toBe('form.first_name_empty');
    expect(fieldError(fields({ givenName: 'Ada' }), 'familyName')).toBe('form.last_name_empty');
  });

  it('shows an error only when the field was touched', () => {
    const context = { ...fields({ email: 'ada@' }), touched: untouched };
    expect(fieldView(context, 'email')).toEqual({ value: 'ada@', error: null, status: 'default' });
    expect(fieldView({ ...context, touched: { ...untouched, email: true } }, 'email')).toEqual({
      value: 'ada@',
      error: 'form.email_invalid',
      status: 'error',
    });
  });

  it('tells which submit is possible now', () => {
    const services = testServices({ storage: { [loginKeys.loginEmail]: 'ada@example.com', [loginKeys.loginSession]: 'session-1' } });
    const actor = createActor(loginMachine, { input: { services, tab: 'OTP', locale: 'en' } }).start();
    const snapshot = actor.getSnapshot();
    expect(selectLoginScreen(snapshot)).toBe('OTP');
    expect(selectCanSubmitOtp(snapshot)).toBe(true);
    expect(selectCanResendCode(snapshot)).toBe(true);
    expect(selectCanSubmitEmail(snapshot)).toBe(false);
    expect(selectIsBusy(snapshot)).toBe(false);
    expect(selectCodeEmail(snapshot)).toBe('ada@example.com');
    actor.stop();
  });
});

describe('router selectors', () => {
  function snapshotAt(search: string, signedIn = true, pathname = '/es/events') {
    const machine = walletMachine.provide({ actors: { ...stubChildren, watchHistory: fromCallback(() => () => {}) } as never });
    const tokens = signedIn ? { accessToken: 'a', refreshToken: 'r' } : null;
    const actor = createActor(machine, { input: { location: { pathname, search, hash: '' }, tokens, services: {} as never } }).start();
    const snapshot = actor.getSnapshot();
    actor.stop();
    return snapshot;
  }

  it('derives the route of an open panel', () => {
    const snapshot = snapshotAt('?PANEL_TAB=TICKET&USER_TICKET_ID=MTI&PANEL_OVERLAY_TAB=HUB');
    expect(selectTab(snapshot)).toBe('TICKET');
    expect(selectOverlay(snapshot)).toBe('HUB');
    expect(selectRoute(snapshot).userTicketId).toBe('MTI');
    expect(selectIsSignedIn(snapshot)).toBe(true);
    expect(selectIsOpen(snapshot)).toBe(true);
    expect(selectIsHubVisible(snapshot)).toBe(true);
    expect(selectIsHubFading(snapshot)).toBe(false);
    expect(selectLocksPageScroll(snapshot)).toBe(true);
    // The title names what is on top: the HUB over the ticket.
    expect(selectTitleScreen(snapshot)).toBe('HUB');
    expect(selectLanguage(snapshot)).toBe('es');
  });

  it('names the HUB as the screen when only it is open', () => {
    expect(selectTitleScreen(snapshotAt('?PANEL_OVERLAY_TAB=HUB'))).toBe('HUB');
    expect(selectTab(snapshotAt('?PANEL_OVERLAY_TAB=HUB'))).toBeNull();
    expect(selectTitleScreen(snapshotAt('?PANEL_TAB=QR'))).toBe('QR');
  });

  it('is closed without panel parameters', () => {
    const snapshot = snapshotAt('?utm=1', true, '/');
    expect(selectIsOpen(snapshot)).toBe(false);
    expect(selectTab(snapshot)).toBeNull();
    expect(selectTitleScreen(snapshot)).toBeNull();
    expect(selectLocksPageScroll(snapshot)).toBe(false);
    expect(selectLanguage(snapshot)).toBe('en');
  });

  it('opens the payout tab only for ACCOUNT_VERIFICATION', () => {
    expect(selectSettingsTab(snapshotAt('?PANEL_TAB=SETTINGS&SETTINGS_TAB=ACCOUNT_VERIFICATION'))).toBe('ACCOUNT_VERIFICATION');
    expect(selectSettingsTab(snapshotAt('?PANEL_TAB=SETTINGS&settings_tab=account_verification'))).toBe('ACCOUNT_VERIFICATION');
    expect(selectSettingsTab(snapshotAt('?PANEL_TAB=SETTINGS&SETTINGS_TAB=OTHER'))).toBe('PERSONAL_INFO');
    expect(selectSettingsTab(snapshotAt('?PANEL_TAB=SETTINGS'))).toBe('PERSONAL_INFO');
  });
});

describe('logout selectors', () => {
  it('the modal is open while confirming and logging out', () => {
    const actor = createActor(logoutMachine.provide({ actions: { logError: () => {} } }), { input: { services: testServices() } }).start();
    expect(selectIsLogoutModalOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'logout.open' });
    expect(selectIsLogoutModalOpen(actor.getSnapshot())).toBe(true);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'logout.cancel' });
    expect(selectIsLogoutModalOpen(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});

describe('the holder name', () => {
  it('is given and family name, trimmed, or the nickname without its #suffix before there are names', async () => {
    const { fullName } = await import('../../machines/session.selectors');
    expect(fullName({ givenName: ' Alex ', familyName: 'Kim', nickname: 'alex#4821' })).toBe('Alex Kim');
    expect(fullName({ givenName: 'Alex', familyName: null, nickname: 'alex#4821' })).toBe('Alex');
    expect(fullName({ givenName: null, familyName: '  ', nickname: 'alex#4821' })).toBe('alex');
  });
});
