// The wallet's toasts, as the frame sees them: showNotification is the machines' `notify` option ({ kind, key }
// becomes a translated toast), Toaster the place they are drawn. The toast library and its view are a chunk of their
// own (./toast-list.tsx, a part of src/web/view-parts.ts): the frame machine (machines/frame.ts) downloads it with the
// first toast, keeping the toasts asked for meanwhile, or the background prefetch does when the browser is idle.
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { selectToastsReady } from '../../../machines/frame.selectors';
import { loadedPart } from '../view-parts';
import { useChild } from '../wallet-config';

export interface Notification {
  kind: 'success' | 'error';
  key: string;
  /** A refusal's Retry-After: the toast adds when to try again. */
  retryAfterSeconds?: number;
}

/** Shows a toast; the frame machine calls it only once the toast list is here. */
export function showNotification(notification: Notification): void {
  loadedPart('toasts')?.show(notification);
}

export function Toaster(): ReactElement | null {
  const ready = useSelector(useChild('frame'), selectToastsReady);
  const List = ready ? loadedPart('toasts')?.default : undefined;
  return List ? <List /> : null;
}
