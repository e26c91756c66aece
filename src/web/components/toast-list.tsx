// Toasts from react-hot-toast's headless store, drawn inside the shadow root (the styled Toaster would put
// its CSS in the host page's <head>). Auto close after 5000 ms; Alt+T moves focus to the newest toast. A chunk of
// its own, loaded with the first toast or when the browser is idle (./toaster.tsx).
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type ReactElement, useEffect, useRef } from 'react';
import { resolveValue, type Toast, toast, useToaster } from 'react-hot-toast/headless';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import type { Notification } from './toaster';
import toastListCss from 'bundle-text:./toast-list.css';
import { i18n, strings } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(toastListCss);
// The server's error messages arrive as toasts: their strings come with the list, not in the frame's chunk.
i18n.set('en', strings('en', screenStrings(['api'])));

export const TOAST_DURATION_MS = 5000;

export default function ToastList(): ReactElement {
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS });
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.code !== 'KeyT') return;
      event.preventDefault();
      const region = regionRef.current;
      const newest = region?.querySelector<HTMLElement>('.tw-toast button');
      (newest ?? region)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      className="tw-toaster"
      aria-label={i18n.t('toast.region', { hotkey: 'Alt+T' })}
      tabIndex={-1}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
      onFocus={handlers.startPause}
      onBlur={handlers.endPause}
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}

function ToastItem({ item }: { item: Toast }): ReactElement {
  const icon = item.type === 'error' ? iconPath('alert') : item.type === 'success' ? iconPath('check') : iconPath('info');
  return (
    <div className="tw-toast" data-type={item.type} data-visible={item.visible} {...item.ariaProps}>
      <span className="tw-toast__icon">
        {item.type === 'loading' ? <span className="tw-spinner" /> : <Icon path={icon} size={18} />}
      </span>
      <span className="tw-toast__message">{resolveValue(item.message, item)}</span>
      <button
        type="button"
        className="tw-icon-button"
        style={{ width: 28, height: 28, marginTop: -4, marginRight: -6 }}
        aria-label={i18n.t('common.dismiss')}
        onClick={() => toast.dismiss(item.id)}
      >
        <Icon path={iconPath('close')} size={16} />
      </button>
    </div>
  );
}

/** Keys the locale files do not know (a new server code) fall back to the generic request_failed. */
export function show({ kind, key, retryAfterSeconds }: Notification): void {
  const reason = i18n.t(key) || i18n.t('request_failed');
  // A refusal that says when to try again: in seconds under a minute, else in whole minutes (rounded up).
  const wait =
    retryAfterSeconds === undefined
      ? ''
      : retryAfterSeconds < 60
        ? i18n.t('api.retry_after_seconds', { count: retryAfterSeconds })
        : i18n.t('api.retry_after_minutes', { count: Math.ceil(retryAfterSeconds / 60) });
  const message = wait ? `${reason} ${wait}` : reason;
  // One toast per message: a repeated failure replaces the visible toast instead of stacking copies.
  const options = { id: `${kind}:${key}` };
  if (kind === 'error') toast.error(message, options);
  else toast.success(message, options);
}
