// The wallet's React root: configuration, the running wallet actor, theme, toasts and the portal target for modals,
// all inside the shadow root that src/embed created.
import { type ReactElement, useState } from 'react';
import type { WalletActor } from '../../machines/wallet';
import { Toaster } from './components/toaster';
import { useLastInputKeyboard } from './input-modality';
import { Shell } from './shell';
import { useTheme } from './theme';
import type { WalletConfig } from './script-config';
import { WalletEnvironmentProvider, WalletProvider } from './wallet-config';
import { i18n } from './i18n';

interface AppProps {
  config: WalletConfig;
  wallet: WalletActor;
}

export function App({ config, wallet }: AppProps): ReactElement {
  const { setting, theme, setSetting } = useTheme();
  // Modals portal into this element: inside .tw-root, so they keep the palette, inside the shadow root, so
  // they keep the wallet's CSS away from the host page.
  const [portalTarget, setPortalTarget] = useState<HTMLElement | null>(null);
  const keyboard = useLastInputKeyboard();
  return (
    <WalletEnvironmentProvider config={config} portalTarget={portalTarget}>
      <WalletProvider wallet={wallet}>
        <div className="tw-root" data-theme={theme} lang={i18n.locale()} data-keyboard={keyboard || undefined}>
          <Shell theme={setting} onThemeChange={setSetting} />
          <Toaster />
          <div ref={setPortalTarget} className="tw-portal" />
        </div>
      </WalletProvider>
    </WalletEnvironmentProvider>
  );
}
