// The browser storage keys of the session's tokens (docs/product.md §4) and the small reads and writes the machines'
// services make with them. The sign-in's own keys are in login-storage.ts.
import type { Tokens } from '../contract/entities';

export const storageKeys = {
  accessToken: 'tw.accessToken',
  refreshToken: 'tw.refreshToken',
  /** The e-mail the host page signed in (the sign-in hand-off, src/embed/loader.ts), so the next page view need not. */
  handedOverEmail: 'tw.handedOverEmail',
} as const;

/** The part of Web Storage the wallet uses (localStorage in the browser, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage kept in memory: tests, and browsers where localStorage throws (private mode, sandboxed frames). */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

export type SessionTokens = Pick<Tokens, 'accessToken' | 'refreshToken'>;

/** Both tokens, or null when either is missing (a half-written pair is no session). */
export function readTokens(storage: KeyValueStorage): SessionTokens | null {
  const accessToken = storage.getItem(storageKeys.accessToken);
  const refreshToken = storage.getItem(storageKeys.refreshToken);
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}

export function writeTokens(storage: KeyValueStorage, tokens: SessionTokens): void {
  storage.setItem(storageKeys.accessToken, tokens.accessToken);
  storage.setItem(storageKeys.refreshToken, tokens.refreshToken);
}

export function forgetTokens(storage: KeyValueStorage): void {
  storage.removeItem(storageKeys.accessToken);
  storage.removeItem(storageKeys.refreshToken);
  storage.removeItem(storageKeys.handedOverEmail);
}
