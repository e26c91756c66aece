// The theme hook: the setting (theme-setting.ts) as React state; "system" follows the operating system live
// through a matchMedia listener. Purely a view concern, so it lives beside the views.
import { useCallback, useSyncExternalStore } from 'react';
import {
  DARK_QUERY,
  readThemeSetting,
  type ResolvedTheme,
  resolveTheme,
  systemPrefersDark,
  THEME_STORAGE_KEY,
  type ThemeSetting,
} from './theme-setting';

const listeners = new Set<() => void>();

export function writeThemeSetting(setting: ThemeSetting): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, setting);
  } catch {
    // Storage may be blocked (private mode, sandboxed host); the choice then lasts for this page only.
  }
  memorySetting = setting;
  for (const listener of listeners) listener();
}

let memorySetting: ThemeSetting | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
  media?.addEventListener('change', listener);
  // Another tab (or the host page) may change the setting too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) {
      memorySetting = undefined;
      listener();
    }
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function snapshot(): string {
  const setting = memorySetting ?? readThemeSetting();
  return `${setting}:${resolveTheme(setting, systemPrefersDark())}`;
}

/**
 * Calls `listener` whenever the resolved theme or the setting changes (the setting written here or in another tab, or
 * the operating system's scheme under "system"): the embed API's `themeChange` (src/embed/mount.tsx).
 */
export function watchTheme(listener: (value: { setting: ThemeSetting; theme: ResolvedTheme }) => void): () => void {
  let last = snapshot();
  return subscribe(() => {
    const now = snapshot();
    if (now === last) return;
    last = now;
    const [setting, theme] = now.split(':') as [ThemeSetting, ResolvedTheme];
    listener({ setting, theme });
  });
}

export function useTheme(): { setting: ThemeSetting; theme: ResolvedTheme; setSetting: (setting: ThemeSetting) => void } {
  const value = useSyncExternalStore(subscribe, snapshot, () => 'system:light');
  const [setting, theme] = value.split(':') as [ThemeSetting, ResolvedTheme];
  const setSetting = useCallback((next: ThemeSetting) => writeThemeSetting(next), []);
  return { setting, theme, setSetting };
}
