// The wallet's buttons: variants, sizes and a loading state that announces busy; link-styled buttons and the
// back link of the login, code and personal data screens.
import type { ButtonHTMLAttributes, ReactElement, ReactNode } from 'react';
import { Icon } from './icons';
import buttonCss from 'bundle-text:./button.css';
import { registerStyles } from '../style-sheets';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(buttonCss);

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'default' | 'small';
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'default',
  block = false,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps): ReactElement {
  const classes = [
    'tw-button',
    `tw-button--${variant}`,
    size === 'small' ? 'tw-button--small' : '',
    block ? 'tw-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      // A loading button stays focusable but does nothing; aria-disabled keeps it in the tab order.
      disabled={disabled}
      aria-disabled={loading || disabled || undefined}
      aria-busy={loading || undefined}
      {...rest}
      onClick={loading ? (event) => event.preventDefault() : rest.onClick}
    >
      {loading ? <span className="tw-spinner" aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

interface LinkButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon?: ReactNode;
}

/** A button that looks like a link: Resend code, back links, small actions inside text. */
export function LinkButton({ icon, className, children, type = 'button', ...rest }: LinkButtonProps): ReactElement {
  return (
    <button type={type} className={['tw-link-button', className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {icon}
      {children}
    </button>
  );
}

/** "Back" on the login, code and personal data screens. */
export function BackLink({ onBack, label }: { onBack: () => void; label?: string }): ReactElement {
  return (
    <LinkButton className="tw-back" onClick={onBack} icon={<Icon path={iconPath('back')} size={18} />}>
      {label ?? i18n.t('common.back')}
    </LinkButton>
  );
}
