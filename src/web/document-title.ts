// The document title per screen (docs/product.md §2), from the tab table's title keys, with the organisation (or product) name
// as the fallback. The host page's own title comes back when the wallet closes.
import { useEffect } from 'react';
import { isPanelTab, overlays, type PanelOverlay, type PanelTab, tabTable } from '../../machines/tabs';
import { i18n } from './i18n';

export function screenTitle(screen: PanelTab | PanelOverlay | null | undefined): string | undefined {
  if (!screen) return undefined;
  return i18n.t(isPanelTab(screen) ? tabTable[screen].title : overlays[screen].title);
}

export function documentTitle(screen: PanelTab | PanelOverlay | null | undefined, siteName: string): string {
  const title = screenTitle(screen);
  return title ? i18n.t('document.title', { screen: title, name: siteName }) : siteName;
}

/** Sets the title while `screen` is shown; closing the wallet restores the host page's title. */
export function useDocumentTitle(screen: PanelTab | PanelOverlay | null, open: boolean, siteName: string): void {
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
