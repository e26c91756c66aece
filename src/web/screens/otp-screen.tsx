// OTP: the six-digit code sent by e-mail, Continue and Resend code.
import { LinkButton } from '../components/button';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { OTP_LENGTH } from '../../contract/forms';
import { selectIsBusy } from '../../../machines/login.selectors';
import { selectCanResendCode, selectCodeEmail, selectCodeRefusals, selectOtpField, selectResendSecondsLeft } from '../../../machines/login.otp-selectors';
import { FormScreen } from '../components/form-screen';
import type { FieldState } from '../components/form-field';
import { OtpInput } from '../components/otp-input';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import type { LoginActor } from '../../../machines/login';
import otpScreenCss from 'bundle-text:./otp-screen.css';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('OTP')));
registerStyles(otpScreenCss);

export default function OtpScreen(): ReactElement {
  const login = useChild('login');
  return login ? <OtpFlowScreen login={login} /> : <PanelSkeleton />;
}

function OtpFlowScreen({ login }: { login: LoginActor }): ReactElement {
  const otp = useSelector(login, selectOtpField);
  const email = useSelector(login, selectCodeEmail);
  const busy = useSelector(login, selectIsBusy);
  const canResend = useSelector(login, selectCanResendCode);
  const resendSecondsLeft = useSelector(login, selectResendSecondsLeft);
  const codeRefusals = useSelector(login, selectCodeRefusals);
  return (
    <OtpView
      email={email ?? ''}
      otp={otp}
      busy={busy}
      canResend={canResend}
      resendSecondsLeft={resendSecondsLeft}
      codeRefusals={codeRefusals}
      onOtpChange={(value) => login.send({ type: 'login.change', field: 'otp', value })}
      onOtpBlur={() => login.send({ type: 'login.blur', field: 'otp' })}
      onSubmit={() => login.send({ type: 'login.submitOtp' })}
      onResend={() => login.send({ type: 'login.resendCode' })}
      onBack={() => login.send({ type: 'login.back' })}
    />
  );
}

export interface OtpViewProps {
  email: string;
  otp: FieldState;
  busy: boolean;
  canResend: boolean;
  /** A code went out moments ago: the seconds until Resend comes back (0 once it is back). */
  resendSecondsLeft: number;
  /** How many codes were refused: the boxes take the focus again at each. */
  codeRefusals?: number;
  onOtpChange: (otp: string) => void;
  onOtpBlur: () => void;
  onSubmit: () => void;
  onResend: () => void;
  onBack: () => void;
}

export function OtpView(props: OtpViewProps): ReactElement {
  return (
    <FormScreen
      id="tw-otp"
      title={i18n.t('otp.title')}
      subtitle={
        <>
          {i18n.t('otp.subtitle')} <strong className="tw-strong">{props.email}</strong>
        </>
      }
      onBack={props.onBack}
      busy={props.busy}
      onSubmit={props.onSubmit}
      submitLabel={i18n.t('common.continue')}
      footer={
        <p className="tw-inline-note">
          <span>{i18n.t('otp.no_code')}</span>
          <LinkButton onClick={props.onResend} disabled={!props.canResend}>
            {props.resendSecondsLeft > 0 ? i18n.t('otp.resend_in', { seconds: props.resendSecondsLeft }) : i18n.t('otp.resend')}
          </LinkButton>
        </p>
      }
    >
      <OtpInput
        value={props.otp.value}
        length={OTP_LENGTH}
        onValueChange={props.onOtpChange}
        onBlur={props.onOtpBlur}
        error={props.otp.error}
        status={props.otp.status}
        refocus={props.codeRefusals ?? 0}
        autoFocus
      />
    </FormScreen>
  );
}
