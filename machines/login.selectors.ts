// Derived values of the login machine for the views: field states (errors only when touched, docs/product.md §5) and which
// buttons are enabled. Here what every sign-in screen reads and the e-mail step's; the code step's and the names' are in
// login.otp-selectors.ts and login.names-selectors.ts, so the sign-in's first panel does not carry them.
import { checkText, emailRule, firstNameRule, lastNameRule, otpRule, type TextRule } from '../src/contract/forms';
import type { LoginContext, LoginField, LoginSnapshot } from './login';

export interface FieldView {
  value: string;
  /** A locale key, only when the field was touched and is in error. */
  error: string | null;
  status: 'error' | 'default';
}

const ruleOf: Record<LoginField, TextRule> = {
  email: emailRule,
  otp: otpRule,
  givenName: firstNameRule,
  familyName: lastNameRule,
};

/** The first error of a field, touched or not (a locale key), or null when valid. */
export function fieldError(context: Pick<LoginContext, 'fields'>, field: LoginField): string | null {
  const result = checkText(ruleOf[field], context.fields[field]);
  return result.ok ? null : result.error;
}

export function fieldView(context: Pick<LoginContext, 'fields' | 'touched'>, field: LoginField): FieldView {
  const error = context.touched[field] ? fieldError(context, field) : null;
  return { value: context.fields[field], error, status: error ? 'error' : 'default' };
}

export const selectEmailField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'email');

/** A request is running (Continue shows its loading state). */
export function selectIsBusy(snapshot: LoginSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/**
 * Continue is enabled when the machine would accept the submit now (not while a request runs). An invalid form
 * still accepts it: the submit marks the fields touched so their errors show.
 */
export const selectCanSubmitEmail = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.submitEmail' });

/** The sign-in screen the flow is on, or null once it is done. */
export function selectLoginScreen(snapshot: LoginSnapshot): 'LOGIN' | 'OTP' | 'PERSONAL_DATA' | null {
  if (snapshot.matches({ flow: 'email' })) return 'LOGIN';
  if (snapshot.matches({ flow: 'otp' })) return 'OTP';
  if (snapshot.matches({ flow: 'personalData' })) return 'PERSONAL_DATA';
  return null;
}
