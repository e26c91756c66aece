// Derived values of the login machine for the views: field states (errors only when touched, SPEC §5) and which
// buttons are enabled.
import * as z from 'zod';
import { fieldErrors, loginForm, otpForm, personalDataForm } from '../src/contract/forms';
import type { LoginContext, LoginField, LoginSnapshot } from './login';

export interface FieldView {
  value: string;
  /** A locale key, only when the field was touched and is in error. */
  error: string | null;
  status: 'error' | 'default';
}

const formOf: Record<LoginField, z.ZodObject> = {
  email: loginForm,
  otp: otpForm,
  givenName: personalDataForm,
  familyName: personalDataForm,
};

/** The first error of a field, touched or not (a locale key), or null when valid. */
export function fieldError(context: Pick<LoginContext, 'fields'>, field: LoginField): string | null {
  const result = formOf[field].safeParse(context.fields);
  return result.success ? null : (fieldErrors(result.error)[field] ?? null);
}

export function fieldView(context: Pick<LoginContext, 'fields' | 'touched'>, field: LoginField): FieldView {
  const error = context.touched[field] ? fieldError(context, field) : null;
  return { value: context.fields[field], error, status: error ? 'error' : 'default' };
}

export const selectEmailField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'email');
export const selectOtpField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'otp');
export const selectGivenNameField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'givenName');
export const selectFamilyNameField = (snapshot: LoginSnapshot) => fieldView(snapshot.context, 'familyName');

/** A request is running (Continue shows its loading state). */
export function selectIsBusy(snapshot: LoginSnapshot): boolean {
  return snapshot.hasTag('loading');
}

/**
 * Continue is enabled when the machine would accept the submit now (not while a request runs). An invalid form
 * still accepts it: the submit marks the fields touched so their errors show.
 */
export const selectCanSubmitEmail = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.submitEmail' });
export const selectCanSubmitOtp = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.submitOtp' });
export const selectCanSubmitPersonalData = (snapshot: LoginSnapshot) =>
  snapshot.can({ type: 'login.submitPersonalData' });
export const selectCanResendCode = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.resendCode' });

/** The e-mail the code was sent to (shown on the code screen). */
export function selectCodeEmail(snapshot: LoginSnapshot): string | null {
  return snapshot.context.storedEmail;
}

/** The meta.screen of the sign-in screen the machine is on, or null when idle. */
export function selectLoginScreen(snapshot: LoginSnapshot): 'LOGIN' | 'OTP' | 'PERSONAL_DATA' | null {
  if (snapshot.matches('email')) return 'LOGIN';
  if (snapshot.matches('otp')) return 'OTP';
  if (snapshot.matches('personalData')) return 'PERSONAL_DATA';
  return null;
}
