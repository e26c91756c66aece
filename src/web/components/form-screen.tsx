// The layout of a screen that is one form in a card: a back link, title and subtitle, the fields, one submit button
// and an optional note under the form. Login, code and personal data use it; so do the later single-form screens.
import './card';
import { submitAndFocusFirstError } from '../focus-first-error';
import { BackLink, Button } from './button';
import type { FormEvent, ReactElement, ReactNode } from 'react';

interface FormScreenProps {
  /** Prefix of the element ids (the heading labels the section). */
  id: string;
  title: string;
  subtitle?: ReactNode;
  onBack?: () => void;
  /** A request runs: the form says it is busy and the submit button spins. */
  busy: boolean;
  onSubmit: () => void;
  submitLabel: string;
  /** The machine would refuse the submit now (an invalid form where the spec says so: Redeem). */
  submitDisabled?: boolean;
  /** A refused submit moves the focus to the first field in error (personal data). */
  focusFirstError?: boolean;
  /** An extra class on the section (a screen's own layout). */
  className?: string;
  /** Above the fields: an error flash of the last attempt. */
  flash?: ReactNode;
  /** The fields. */
  children: ReactNode;
  /** Under the form, inside the card. */
  footer?: ReactNode;
}

export function FormScreen(props: FormScreenProps): ReactElement {
  const { id, title, subtitle, onBack, busy, onSubmit, submitLabel, submitDisabled, focusFirstError, className, flash, children, footer } = props;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (focusFirstError) submitAndFocusFirstError(event.currentTarget, onSubmit);
    else onSubmit();
  };
  return (
    <section className={className ? `tw-screen ${className}` : 'tw-screen'} aria-labelledby={`${id}-title`}>
      {onBack ? <BackLink onBack={onBack} /> : null}
      <div className="tw-card tw-screen">
        <div className="tw-screen__head">
          <h1 className="tw-title" id={`${id}-title`}>
            {title}
          </h1>
          {subtitle ? <p className="tw-subtitle">{subtitle}</p> : null}
        </div>
        <form className="tw-form" onSubmit={submit} noValidate aria-busy={busy || undefined} data-focus-first="">
          {flash}
          {children}
          <Button type="submit" block loading={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </form>
        {footer}
      </div>
    </section>
  );
}
