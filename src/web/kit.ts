// What the lazy chunks (the screens and the components only they use) take from the app's first chunk: the style
// registry, the wallet hooks and the components the frame shares with them. The first chunk fills these
// bindings once (fill-kit.ts, imported by app.tsx) before any chunk loads; a chunk imports them from here, by the
// same names. This module imports nothing at run time on purpose: Parcel wraps every module of the first chunk that
// a lazy chunk imports, with all it imports (a registered module, a getter per export, a property read at each
// call), so importing button.tsx from a screen cost the first chunk ~0.5 KB gzip of wrapping (docs/decisions/
// 0089-the-first-panel-fewer-wrapped-modules.md). The strings are not here: the chunks import the wallet's rosetta
// instance from i18n.ts by its real path, and pay its wrapping (docs/decisions/0108-the-wallets-strings-on-rosetta.md). The card's sheet
// (components/card.ts) is registered by the frame, so the chunks use `.tw-card` without importing it.
import type * as button from './components/button';
import type * as icons from './components/icons';
import type * as identity from './components/identity';
import type * as panelSkeleton from './components/panel-skeleton';
import type * as skeleton from './components/skeleton';
import type * as focusTrap from './focus-trap';
import type * as sessionSelectors from '../../machines/session.selectors';
import type * as styleSheets from './style-sheets';
import type * as themeSetting from './theme-setting';
import type * as useSelectorHook from '@xstate/react';
import type * as walletConfig from './wallet-config';

export let registerStyles: typeof styleSheets.registerStyles;
export let useSelector: typeof useSelectorHook.useSelector;
export let useWallet: typeof walletConfig.useWallet;
export let useChild: typeof walletConfig.useChild;
export let useWalletConfig: typeof walletConfig.useWalletConfig;
export let usePortalTarget: typeof walletConfig.usePortalTarget;
export let selectUser: typeof sessionSelectors.selectUser;
export let fullName: typeof sessionSelectors.fullName;
export let focusablesIn: typeof focusTrap.focusablesIn;
export let keepTabInside: typeof focusTrap.keepTabInside;
export let themeSettings: typeof themeSetting.themeSettings;
export let readThemeSetting: typeof themeSetting.readThemeSetting;
export let resolveTheme: typeof themeSetting.resolveTheme;
export let systemPrefersDark: typeof themeSetting.systemPrefersDark;
export let Button: typeof button.Button;
export let LinkButton: typeof button.LinkButton;
export let BackLink: typeof button.BackLink;
export let Icon: typeof icons.Icon;
export let Avatar: typeof identity.Avatar;
export let HashedName: typeof identity.HashedName;
export let Skeleton: typeof skeleton.Skeleton;
export let PanelSkeleton: typeof panelSkeleton.PanelSkeleton;

/** Every binding above, as the first chunk hands them over. */
export type Kit = Omit<typeof import('./kit'), 'fillKit'>;

export function fillKit(kit: Kit): void {
  ({
    registerStyles,
    useSelector,
    useWallet,
    useChild,
    useWalletConfig,
    usePortalTarget,
    selectUser,
    fullName,
    focusablesIn,
    keepTabInside,
    themeSettings,
    readThemeSetting,
    resolveTheme,
    systemPrefersDark,
    Button,
    LinkButton,
    BackLink,
    Icon,
    Avatar,
    HashedName,
    Skeleton,
    PanelSkeleton,
  } = kit);
}
