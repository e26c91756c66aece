// Six-digit one-time code: one real <input> (so autofill, paste of the whole code and screen readers work)
// drawn as six slots. Only digits are kept (a code pasted or autofilled as "314 376" or "314-376" fills all six);
// checking and submitting the code is the login machine's job.
import { registerStyles } from '../style-sheets';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { FieldMessage, type FieldStatus } from './form-field';
import { InfoTooltip } from './info-tooltip';
import otpInputCss from 'bundle-text:./otp-input.css';
import { i18n } from '../i18n';

registerStyles(otpInputCss);

interface OtpInputProps {
  value: string;
  length: number;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  /** Locale key of the code's error; shown only with status 'error'. */
  error?: string | null | undefined;
  status?: FieldStatus;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Changes each time the boxes were emptied after a refused code: the field takes the focus (the first box). */
  refocus?: number;
}

export function OtpInput({
  value,
  length,
  onValueChange,
  onBlur,
  error,
  status = 'default',
  disabled,
  autoFocus,
  refocus = 0,
}: OtpInputProps): ReactElement {
  const id = `otp-${useId()}`;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (refocus > 0) input.current?.focus();
  }, [refocus]);
  const [focused, setFocused] = useState(false);
  const showError = status === 'error' && Boolean(error);
  const slots = Array.from({ length }, (_, index) => value[index] ?? '');
  const activeIndex = Math.min(value.length, length - 1);
  return (
    <div className="tw-field">
      <span className="tw-field__label">
        <label htmlFor={id}>{i18n.t('otp.label')}</label>
        <InfoTooltip label={i18n.t('otp.info_label')} text={i18n.t('otp.info', { length })} />
      </span>
      <div className="tw-otp" data-invalid={showError || undefined}>
        {slots.map((digit, index) => (
          <div
            key={index}
            className="tw-otp__slot"
            aria-hidden="true"
            data-active={focused && index === activeIndex && !disabled ? 'true' : undefined}
          >
            {digit || (focused && index === activeIndex ? <span className="tw-otp__caret" /> : null)}
          </div>
        ))}
        <input
          ref={input}
          id={id}
          className="tw-otp__input"
          name="otp"
          value={value}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          // No maxLength: the browser would cut a pasted "314 376" to "314 37" before the spaces are stripped.
          disabled={disabled}
          // The code is the only thing to do on this screen, so the field takes focus.
          // biome-ignore lint/a11y/noAutofocus: the one field of the one-time code screen (see above).
          autoFocus={autoFocus}
          aria-invalid={showError || undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => onValueChange(event.target.value.replace(/\D/g, '').slice(0, length))}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            onBlur?.();
          }}
        />
      </div>
      <FieldMessage
        id={`${id}-message`}
        status={showError ? 'error' : 'default'}
        text={showError && error ? i18n.t(error) : i18n.t('otp.helper')}
      />
    </div>
  );
}
