// The wallet's toasts, as the frame sees them: showNotification is the machines' `notify` option ({ kind, key }
// becomes a translated toast), Toaster the place they are drawn. The toast library and its view are a chunk of their
// own (./toast-list.tsx), loaded with the first toast or when the browser is idle after the first panel: most visits
// never show one, and the first panel should not wait for it.
import { type ComponentType, type ReactElement, useSyncExternalStore } from 'react';

export interface Notification {
  kind: 'success' | 'error';
  key: string;
  /** A refusal's Retry-After: the toast adds when to try again. */
  retryAfterSeconds?: number;
}

type ToastModule = { default: ComponentType; show: (notification: Notification) => void };

let loaded: ToastModule | null = null;
let loading: Promise<ToastModule> | null = null;
const listeners = new Set<() => void>();

/** Loads the toasts' chunk once (a failed load is tried again with the next toast). */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('./toast-list').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function showNotification(notification: Notification): void {
  if (loaded) loaded.show(notification);
  else loadToasts().then((module) => module.show(notification), () => {});
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster(): ReactElement | null {
  const module = useSyncExternalStore(subscribe, () => loaded);
  return module ? <module.default /> : null;
}
