// The loader's only strings, taken from the locale files. The loader imports this as a Parcel macro
// (`with { type: 'macro' }`): it runs at build time and only the returned values reach dist/embed.js, not the
// locale files nor rosetta. Under vitest it is an ordinary function call over the same JSON.
import en from '../../locales/en.json';
import es from '../../locales/es.json';

export interface LauncherText {
  open: string;
  loadFailed: string;
  /** The frame the loader draws while the app downloads: the wallet's name, and sign-in's title and subtitle. */
  appName: string;
  loginTitle: string;
  loginSubtitle: string;
}

export function launcherText(): Record<'en' | 'es', LauncherText> {
  const pick = (table: Record<string, string>): LauncherText => ({
    open: table['launcher.open'] ?? 'launcher.open',
    loadFailed: table['launcher.loadFailed'] ?? 'launcher.loadFailed',
    appName: table['app.name'] ?? 'app.name',
    loginTitle: table['login.title'] ?? 'login.title',
    loginSubtitle: table['login.subtitle'] ?? 'login.subtitle',
  });
  return { en: pick(en), es: pick(es) };
}
