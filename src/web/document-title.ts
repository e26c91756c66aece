// The document title per screen (SPEC §2), with the organisation (or product) name as the fallback. The host
// page's own title comes back when the wallet closes.
import { useEffect } from 'react';
import { t } from './i18n';

/** Locale keys of the screens' titles, by the machines' meta.screen names. */
export const screenTitleKeys: Record<string, string> = {
  LOGIN: 'title.login',
  OTP: 'title.otp',
  PERSONAL_DATA: 'title.personal_data',
  QR: 'title.qr',
  HUB: 'title.hub',
  MY_TICKET: 'title.my_ticket',
  TICKET: 'title.ticket',
  GIFT: 'title.gift',
  SWAP: 'title.swap',
  RESELL: 'title.resell',
  REDEEM: 'title.redeem',
  SETTINGS: 'title.settings',
};

export function screenTitle(screen: string | null | undefined): string | undefined {
  const key = screen ? screenTitleKeys[screen] : undefined;
  return key ? t(key) : undefined;
}

export function documentTitle(screen: string | null | undefined, siteName: string): string {
  const title = screenTitle(screen);
  return title ? t('document.title', { screen: title, name: siteName }) : siteName;
}

/** Sets the title while `screen` is shown; `null` (wallet closed) restores the host page's title. */
export function useDocumentTitle(screen: string | null, open: boolean, siteName: string): void {
  useEffect(() => {
    if (!open) return;
    const hostTitle = document.title;
    return () => {
      document.title = hostTitle;
    };
  }, [open]);
  useEffect(() => {
    if (open) document.title = documentTitle(screen, siteName);
  }, [open, screen, siteName]);
}
