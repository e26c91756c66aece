// The theme setting (light, dark or system) under the storage key `theme`, and the theme it resolves to. No
// React: the loader's plain launcher (src/embed/launcher.ts) paints with it before the app exists.

export const themeSettings = ['light', 'system', 'dark'] as const;
export type ThemeSetting = (typeof themeSettings)[number];
export type ResolvedTheme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemeSetting(value: unknown): value is ThemeSetting {
  return typeof value === 'string' && (themeSettings as readonly string[]).includes(value);
}

export function readThemeSetting(): ThemeSetting {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isThemeSetting(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(setting: ThemeSetting, prefersDark: boolean): ResolvedTheme {
  if (setting === 'system') return prefersDark ? 'dark' : 'light';
  return setting;
}
