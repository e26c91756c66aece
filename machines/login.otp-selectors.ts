// Derived values of the login machine for the code screen (OTP): the code's field, Continue, and Resend with its
// countdown.
import type { LoginSnapshot } from './login';
import { fieldView } from './login.selectors';

/** The code's field; after a refused code, its boxes empty and the refusal as its error until the person types. */
export function selectOtpField(snapshot: LoginSnapshot) {
  const { codeRefusal } = snapshot.context;
  return codeRefusal ? { value: snapshot.context.fields.otp, error: codeRefusal, status: 'error' as const } : fieldView(snapshot.context, 'otp');
}
/** Counts the refused codes: the view gives the first box the focus at each. */
export const selectCodeRefusals = (snapshot: LoginSnapshot) => snapshot.context.codeRefusals;
/** Continue, as for the e-mail (login.selectors.ts selectCanSubmitEmail). */
export const selectCanSubmitOtp = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.submitOtp' });
export const selectCanResendCode = (snapshot: LoginSnapshot) => snapshot.can({ type: 'login.resendCode' });
/** A code went out moments ago: the `resend` region holds Resend back (RESEND_COOLDOWN_MS). */
export const selectResendCoolingDown = (snapshot: LoginSnapshot) => snapshot.matches({ resend: 'coolingDown' });
/** The whole seconds until Resend comes back ("Resend code in 27 s"), counted by the `resend` region; 0 when ready. */
export const selectResendSecondsLeft = (snapshot: LoginSnapshot) => snapshot.context.resendSecondsLeft;

/** The e-mail the code was sent to (shown on the code screen). */
export function selectCodeEmail(snapshot: LoginSnapshot): string | null {
  return snapshot.context.storedEmail;
}
