// What the host page tells the wallet (data attributes of the embed script, parsed in script-config.ts), the element
// inside the shadow root that modals portal into, and the running wallet actors (machines/wallet.ts): all reach
// components by context.
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import type { Wallet } from '../../machines/wallet';
import type { WalletConfig } from './script-config';

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

const WalletActorsContext = createContext<Wallet | null>(null);

export function WalletProvider({ wallet, children }: { wallet: Wallet; children: ReactNode }): ReactElement {
  return <WalletActorsContext.Provider value={wallet}>{children}</WalletActorsContext.Provider>;
}

export function useWallet(): Wallet {
  const wallet = useContext(WalletActorsContext);
  if (!wallet) throw new Error('useWallet outside <WalletProvider>');
  return wallet;
}
