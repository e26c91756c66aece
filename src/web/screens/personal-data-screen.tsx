// PERSONAL_DATA: first and last name for a new account.
import { Button } from '../components/button';
import { PanelSkeleton } from '../components/panel-skeleton';
import { useChild, useWallet } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { selectIsBusy } from '../../../machines/login.selectors';
import { selectConfirmingBack, selectFamilyNameField, selectGivenNameField } from '../../../machines/login.names-selectors';
import { Modal } from '../components/modal';
import { type FieldState, FormField } from '../components/form-field';
import { FormScreen } from '../components/form-screen';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import type { LoginActor } from '../../../machines/login';
import { i18n, strings } from '../i18n';

i18n.set('en', strings('en', screenStrings('PERSONAL_DATA')));

type NameField = 'givenName' | 'familyName';

export default function PersonalDataScreen(): ReactElement {
  const login = useChild('login');
  return login ? <PersonalDataFlowScreen login={login} /> : <PanelSkeleton />;
}

function PersonalDataFlowScreen({ login }: { login: LoginActor }): ReactElement {
  const wallet = useWallet();
  const givenName = useSelector(login, selectGivenNameField);
  const familyName = useSelector(login, selectFamilyNameField);
  const busy = useSelector(login, selectIsBusy);
  const confirmingBack = useSelector(login, selectConfirmingBack);
  return (
    <PersonalDataView
      fields={{ givenName, familyName }}
      busy={busy}
      onChange={(field, value) => login.send({ type: 'login.change', field, value })}
      onBlur={(field) => login.send({ type: 'login.blur', field })}
      onSubmit={() => login.send({ type: 'login.submitPersonalData' })}
      onBack={() => login.send({ type: 'login.back' })}
      confirmingBack={confirmingBack}
      onConfirmBack={() => login.send({ type: 'login.confirmBack' })}
      onCancelBack={() => login.send({ type: 'login.cancelBack' })}
    />
  );
}

export interface PersonalDataViewProps {
  fields: Record<NameField, FieldState>;
  busy: boolean;
  onChange: (field: NameField, value: string) => void;
  onBlur: (field: NameField) => void;
  onSubmit: () => void;
  onBack: () => void;
  /** Back signs the new account out: the question is open. */
  confirmingBack?: boolean;
  onConfirmBack?: () => void;
  onCancelBack?: () => void;
}

export function PersonalDataView(props: PersonalDataViewProps): ReactElement {
  return (
    <FormScreen
      id="tw-personal"
      title={i18n.t('personal_data.title')}
      subtitle={i18n.t('personal_data.subtitle')}
      onBack={props.onBack}
      busy={props.busy}
      onSubmit={props.onSubmit}
      focusFirstError
      submitLabel={i18n.t('common.continue')}
    >
      <FormField
        label={i18n.t('personal_data.first_name')}
        name="givenName"
        autoComplete="given-name"
        value={props.fields.givenName.value}
        onValueChange={(value) => props.onChange('givenName', value)}
        onBlur={() => props.onBlur('givenName')}
        error={props.fields.givenName.error}
        status={props.fields.givenName.status}
        required
      />
      <FormField
        label={i18n.t('personal_data.last_name')}
        name="familyName"
        autoComplete="family-name"
        value={props.fields.familyName.value}
        onValueChange={(value) => props.onChange('familyName', value)}
        onBlur={() => props.onBlur('familyName')}
        error={props.fields.familyName.error}
        status={props.fields.familyName.status}
        required
      />
      <Modal
        open={props.confirmingBack ?? false}
        role="alertdialog"
        title={i18n.t('personal_data.back_title')}
        description={i18n.t('personal_data.back_text')}
        onClose={() => props.onCancelBack?.()}
        actions={
          <>
            <Button variant="secondary" onClick={props.onCancelBack}>
              {i18n.t('personal_data.back_stay')}
            </Button>
            <Button variant="danger" onClick={props.onConfirmBack}>
              {i18n.t('personal_data.back_confirm')}
            </Button>
          </>
        }
      />
    </FormScreen>
  );
}
