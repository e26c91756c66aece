// The sign-in's keys in browser storage (docs/product.md §4: the login session id of the one-time code, and the
// e-mail it was sent to) and their reads and writes. Apart from the tokens (storage-keys.ts), which the app's first
// chunk needs, because only the sign-in flow uses them: they load with its chunk.
import type { KeyValueStorage } from './storage-keys';

export const loginKeys = {
  /** The login session id of the one-time code that was sent. */
  loginSession: 'tw.loginSession',
  /** The e-mail the one-time code was sent to. */
  loginEmail: 'tw.loginEmail',
  /**
   * The device token of this browser's last sign-in with a code (it names the browser as the e-mail's owner's, so
   * its code requests draw on the owner's share of the mailbox). Kept across sign-outs: it signs no one in.
   */
  device: 'tw.device',
} as const;

export function readDevice(storage: KeyValueStorage): string | null {
  return storage.getItem(loginKeys.device);
}

export function writeDevice(storage: KeyValueStorage, device: string | undefined): void {
  if (device) storage.setItem(loginKeys.device, device);
}

/** The e-mail and login session of a code that was sent and not yet verified. */
export interface StoredLogin {
  email: string | null;
  session: string | null;
}

export function readLogin(storage: KeyValueStorage): StoredLogin {
  return { email: storage.getItem(loginKeys.loginEmail), session: storage.getItem(loginKeys.loginSession) };
}

export function writeLogin(storage: KeyValueStorage, login: { email: string; session: string }): void {
  storage.setItem(loginKeys.loginEmail, login.email);
  storage.setItem(loginKeys.loginSession, login.session);
}

export function forgetLogin(storage: KeyValueStorage): void {
  storage.removeItem(loginKeys.loginEmail);
  storage.removeItem(loginKeys.loginSession);
}
