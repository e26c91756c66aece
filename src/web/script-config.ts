// What the host page tells the wallet through the embed script's data attributes. Pure parsing, no React: the
// small loader (src/embed/loader.ts) reads it before the app bundle exists.
import { isLanguage, type Language } from '../contract/languages';

export interface WalletConfig {
  /** Origin (or origin plus path) of the API server; requests go to `${apiBase}/v1/...`. */
  apiBase: string;
  /** Organisation shown in the header; the product name when absent. */
  orgName?: string | undefined;
  orgLogo?: string | undefined;
  /** The organisation's country (ISO 3166 alpha-2): the phone number's default country. */
  orgCountry?: string | undefined;
  /** The main ticket site, where "Get the app" leads. */
  siteUrl?: string | undefined;
  /** The help centre (`{lang}` becomes the page's language); see helpCentreUrl for the default. */
  helpUrl?: string | undefined;
  /** The server allows live inspection (`data-inspect`): ?inspect=1 then publishes the machines' states to the visualiser. */
  inspect?: boolean | undefined;
  /**
   * The language the host page chose (`data-locale`, or `TicketWallet.open({ locale })`): it wins over the path's first
   * segment, and the footer's language selector is then the host's business (not shown).
   */
  locale?: Language | undefined;
  /** A sign-in token the host page's server signed for its signed-in user (`data-sign-in-token`), exchanged at once. */
  signInToken?: string | undefined;
}

/** Reads the embed script's data attributes; the API defaults to the origin the script was loaded from. */
export function configFromScript(script: HTMLScriptElement | null, pageUrl: string): WalletConfig {
  const data = script?.dataset ?? {};
  const scriptOrigin = script?.src ? new URL(script.src, pageUrl).origin : new URL(pageUrl).origin;
  const blankToUndefined = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);
  return {
    apiBase: (blankToUndefined(data.apiBase) ?? scriptOrigin).replace(/\/+$/, ''),
    orgName: blankToUndefined(data.orgName),
    orgLogo: blankToUndefined(data.orgLogo),
    orgCountry: blankToUndefined(data.orgCountry)?.toUpperCase(),
    siteUrl: blankToUndefined(data.siteUrl),
    helpUrl: blankToUndefined(data.helpUrl),
    ...(data.inspect ? { inspect: true } : {}),
    ...(localeOf(data.locale) ? { locale: localeOf(data.locale) } : {}),
    ...(blankToUndefined(data.signInToken) ? { signInToken: blankToUndefined(data.signInToken) } : {}),
  };
}

/** `es`, `ES`, `es-MX` → `es`; a language the wallet does not speak → undefined (the path's language then). */
export function localeOf(value: string | null | undefined): Language | undefined {
  const code = value?.trim().toLowerCase().split(/[-_]/)[0];
  return code && isLanguage(code) ? code : undefined;
}

/**
 * Where the help-centre link leads: `data-help-url` with `{lang}` replaced by the language; without it the main
 * ticket site's help page, `<site-url>/<lang>/help`; with neither, that path on the host page's own site.
 */
export function helpCentreUrl(config: Pick<WalletConfig, 'helpUrl' | 'siteUrl'>, language: string, pageOrigin: string): string {
  if (config.helpUrl) return config.helpUrl.replaceAll('{lang}', language);
  return siteUrlOf(config, language, pageOrigin, 'help');
}

/** A page of the main ticket site in the language (`<site-url>/<lang>/<path>`); the host page's site without one. */
export function siteUrlOf(config: Pick<WalletConfig, 'siteUrl'>, language: string, pageOrigin: string, path = ''): string {
  const site = (config.siteUrl ?? pageOrigin).replace(/\/+$/, '');
  return `${site}/${language}${path ? `/${path}` : ''}`;
}
