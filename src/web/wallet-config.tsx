// What the host page tells the wallet (data attributes of the embed script), the element inside the shadow root
// that modals portal into, and the running wallet actors (machines/wallet.ts): all reach components by context.
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import type { Wallet } from '../../machines/wallet';

export interface WalletConfig {
  /** Origin (or origin plus path) of the API server; requests go to `${apiBase}/v1/...`. */
  apiBase: string;
  /** Organisation shown in the header; the product name when absent. */
  orgName?: string | undefined;
  orgLogo?: string | undefined;
  /** The main ticket site, where "Get the app" leads. */
  siteUrl?: string | undefined;
}

interface WalletEnvironment {
  config: WalletConfig;
  /** Inside the shadow root, so portalled modals keep the wallet's styles and stay out of the host page. */
  portalTarget: HTMLElement | null;
}

const WalletContext = createContext<WalletEnvironment>({ config: { apiBase: '' }, portalTarget: null });

export function WalletEnvironmentProvider({
  config,
  portalTarget,
  children,
}: WalletEnvironment & { children: ReactNode }): ReactElement {
  return <WalletContext.Provider value={{ config, portalTarget }}>{children}</WalletContext.Provider>;
}

export function useWalletConfig(): WalletConfig {
  return useContext(WalletContext).config;
}

export function usePortalTarget(): HTMLElement | null {
  return useContext(WalletContext).portalTarget;
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
    siteUrl: blankToUndefined(data.siteUrl),
  };
}

const WalletActorsContext = createContext<Wallet | null>(null);

export function WalletProvider({ wallet, children }: { wallet: Wallet; children: ReactNode }): ReactElement {
  return <WalletActorsContext.Provider value={wallet}>{children}</WalletActorsContext.Provider>;
}

export function useWallet(): Wallet {
  const wallet = useContext(WalletActorsContext);
  if (!wallet) throw new Error('useWallet outside <WalletProvider>');
  return wallet;
}
