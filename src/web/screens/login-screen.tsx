// LOGIN: e-mail and Continue; the login machine sends the code and moves on to the code screen.
import { PanelSkeleton } from '../components/panel-skeleton';
import { useChild, useWallet } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { selectEmailField, selectIsBusy } from '../../../machines/login.selectors';
import { FormField, type FieldState } from '../components/form-field';
import { FormScreen } from '../components/form-screen';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import type { LoginActor } from '../../../machines/login';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('LOGIN')));

export default function LoginScreen(): ReactElement {
  const login = useChild('login');
  return login ? <LoginFlowScreen login={login} /> : <PanelSkeleton />;
}

function LoginFlowScreen({ login }: { login: LoginActor }): ReactElement {
  const wallet = useWallet();
  const email = useSelector(login, selectEmailField);
  const busy = useSelector(login, selectIsBusy);
  return (
    <LoginView
      email={email}
      busy={busy}
      onEmailChange={(value) => login.send({ type: 'login.change', field: 'email', value })}
      onEmailBlur={() => login.send({ type: 'login.blur', field: 'email' })}
      onSubmit={() => login.send({ type: 'login.submitEmail' })}
      onBack={() => wallet.send({ type: 'panel.back' })}
    />
  );
}

export interface LoginViewProps {
  email: FieldState;
  busy: boolean;
  onEmailChange: (email: string) => void;
  onEmailBlur: () => void;
  onSubmit: () => void;
  onBack: () => void;
}

export function LoginView(props: LoginViewProps): ReactElement {
  return (
    <FormScreen
      id="tw-login"
      title={i18n.t('login.title')}
      subtitle={i18n.t('login.subtitle')}
      onBack={props.onBack}
      busy={props.busy}
      onSubmit={props.onSubmit}
      submitLabel={i18n.t('common.continue')}
      footer={
        <p className="tw-muted" style={{ fontSize: 13 }}>
          {i18n.t('login.terms')}
        </p>
      }
    >
      <FormField
        label={i18n.t('login.email_label')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder={i18n.t('login.email_placeholder')}
        value={props.email.value}
        onValueChange={props.onEmailChange}
        onBlur={props.onEmailBlur}
        error={props.email.error}
        status={props.email.status}
        helper={i18n.t('login.email_helper')}
        readOnly={props.busy}
        required
      />
    </FormScreen>
  );
}
