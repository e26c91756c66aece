// The browser storage keys of the wallet (SPEC §4: two token keys, a third for the login session id).
export const storageKeys = {
  accessToken: 'tw.accessToken',
  refreshToken: 'tw.refreshToken',
  /** The login session id of the one-time code that was sent. */
  loginSession: 'tw.loginSession',
  /** The e-mail the one-time code was sent to. */
  loginEmail: 'tw.loginEmail',
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
