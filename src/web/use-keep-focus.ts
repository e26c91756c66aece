// The focus keeper (src/web/keep-focus.ts) of the open wallet, loaded once the first panel is on screen: drawing that
// panel needs none of it (docs/decisions/0064-the-first-panel-back-toward-its-budget-and-ofetch-measured.md), and the person has moved
// nothing yet by then (the shell has put the focus in the panel).
import { type RefObject, useEffect } from 'react';
import { afterFirstPanel } from './first-panel';

/** While `open`, restores a focus lost inside the panel (keepFocus), from the moment the first panel has shown. */
export function useKeepFocus(open: boolean, panelRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    let closed = false;
    let stop = (): void => {};
    const cancel = afterFirstPanel(() => {
      void import('./keep-focus').then(({ keepFocus }) => {
        if (!closed) stop = keepFocus(panel);
      });
    });
    return () => {
      closed = true;
      cancel();
      stop();
    };
  }, [open, panelRef]);
}
