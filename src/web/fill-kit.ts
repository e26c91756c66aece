// The first chunk hands the lazy chunks what they take from it (kit.ts), once, when the app's module runs.
import { fullName, selectUser } from '../../machines/session.selectors';
import { BackLink, Button, LinkButton } from './components/button';
import { Icon } from './components/icons';
import { Avatar, HashedName } from './components/identity';
import { PanelSkeleton } from './components/panel-skeleton';
import { Skeleton } from './components/skeleton';
import { focusablesIn, keepTabInside } from './focus-trap';
import { fillKit } from './kit';
import { registerStyles } from './style-sheets';
import { readThemeSetting, resolveTheme, systemPrefersDark, themeSettings } from './theme-setting';
import { useSelector } from '@xstate/react';
import { useChild, usePortalTarget, useWallet, useWalletConfig } from './wallet-config';

fillKit({
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
});
