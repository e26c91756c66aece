// What the host page tells the wallet (data attributes of the embed script, parsed in script-config.ts), the element
// inside the shadow root that modals portal into, and the running wallet actor (machines/wallet.ts): all reach
// components by context. Screens reach their flow, a child of the wallet, through useChild.
import { useSelector } from '@xstate/react';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';
import type { FlowId } from '../../machines/tabs';
import type { WalletActor, WalletSnapshot } from '../../machines/wallet';
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

const WalletActorContext = createContext<WalletActor | null>(null);

export function WalletProvider({ wallet, children }: { wallet: WalletActor; children: ReactNode }): ReactElement {
  return <WalletActorContext.Provider value={wallet}>{children}</WalletActorContext.Provider>;
}

/** The wallet actor: the router and the session; views send it panel events. */
export function useWallet(): WalletActor {
  const wallet = useContext(WalletActorContext);
  if (!wallet) throw new Error('useWallet outside <WalletProvider>');
  return wallet;
}

type Children = WalletSnapshot['children'];

/** The running child `id` of the wallet (a flow while its panel is open, the session while signed in, the frame always). */
export function useChild<K extends FlowId | 'session' | 'logout' | 'frame'>(id: K): Children[K] {
  return useSelector(useWallet(), (snapshot) => snapshot.children[id]);
}
