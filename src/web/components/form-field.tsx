// A labelled text field. The machine decides the status: 'error' (touched and invalid, docs/product.md §5) shows the
// error (a locale key); 'default' shows the optional helper text.
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { type InputHTMLAttributes, type ReactElement, type ReactNode, useId } from 'react';
import formFieldCss from 'bundle-text:./form-field.css';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };

registerStyles(formFieldCss);

export type FieldStatus = 'error' | 'default';
/** A form field as the machines' selectors give it. */
export interface FieldState {
  value: string;
  error: string | null;
  status: FieldStatus;
}

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Locale key of the field's error; shown only with status 'error'. */
  error?: string | null | undefined;
  /** Values the error's text names (the resale price's maximum). */
  errorParams?: Record<string, string | number>;
  status?: FieldStatus;
  helper?: string;
  labelAddon?: ReactNode;
}

export function FormField({
  label,
  value,
  onValueChange,
  error,
  errorParams,
  status = 'default',
  helper,
  labelAddon,
  id,
  ...inputProps
}: FormFieldProps): ReactElement {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const messageId = `${inputId}-message`;
  const showError = status === 'error' && Boolean(error);
  const message = showError && error ? i18n.t(error, errorParams) : helper;
  return (
    <div className="tw-field">
      <label className="tw-field__label" htmlFor={inputId}>
        {label}
        {labelAddon}
      </label>
      <input
        id={inputId}
        className="tw-input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={showError || undefined}
        aria-describedby={message ? messageId : undefined}
        {...inputProps}
      />
      <FieldMessage id={messageId} status={showError ? 'error' : 'default'} text={message} />
    </div>
  );
}

export function FieldMessage({
  id,
  status,
  text,
}: {
  id: string;
  status: FieldStatus;
  text: string | undefined;
}): ReactElement | null {
  if (!text) return null;
  return (
    <p className="tw-field__message" id={id} data-status={status} role={status === 'error' ? 'alert' : undefined}>
      {status === 'error' ? <Icon path={iconPath('alert')} size={16} /> : null}
      {text}
    </p>
  );
}
