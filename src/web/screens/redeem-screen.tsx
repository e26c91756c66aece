// REDEEM: one code from a ticket PDF. The form (Redeem disabled while the code is invalid, an error flash after a
// failure) gives way to the success view: the pulsing check, the redeemed ticket's logo and name and a link to it.
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { RedeemResult } from '../../contract/entities';
import type { RedeemActor } from '../../../machines/redeem';
import { selectCanRedeem, selectCodeField, selectFailure, selectIsRedeeming, selectRedeemed } from '../../../machines/redeem.selectors';
import { type FieldState, FormField } from '../components/form-field';
import { FormScreen } from '../components/form-screen';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import redeemScreenCss from 'bundle-text:./redeem-screen.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings('REDEEM')));
registerStyles(redeemScreenCss);

export default function RedeemScreen(): ReactElement {
  const redeem = useChild('redeem');
  return redeem ? <RedeemFlowScreen redeem={redeem} /> : <PanelSkeleton />;
}

function RedeemFlowScreen({ redeem }: { redeem: RedeemActor }): ReactElement {
  const code = useSelector(redeem, selectCodeField);
  const canRedeem = useSelector(redeem, selectCanRedeem);
  const busy = useSelector(redeem, selectIsRedeeming);
  const failure = useSelector(redeem, selectFailure);
  const redeemed = useSelector(redeem, selectRedeemed);
  if (redeemed) {
    return (
      <RedeemSuccessView
        result={redeemed}
        onOpenTicket={() => redeem.send({ type: 'redeem.openTicket' })}
        onAgain={() => redeem.send({ type: 'redeem.again' })}
      />
    );
  }
  return (
    <RedeemFormView
      code={code}
      busy={busy}
      canRedeem={canRedeem}
      failure={failure}
      onChange={(value) => redeem.send({ type: 'redeem.change', value })}
      onBlur={() => redeem.send({ type: 'redeem.blur' })}
      onSubmit={() => redeem.send({ type: 'redeem.submit' })}
    />
  );
}

export interface RedeemFormViewProps {
  code: FieldState;
  busy: boolean;
  canRedeem: boolean;
  /** Locale key of the last failure. */
  failure: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  onSubmit: () => void;
}

export function RedeemFormView(props: RedeemFormViewProps): ReactElement {
  return (
    <FormScreen
      id="tw-redeem"
      className="tw-redeem"
      title={i18n.t('redeem.title')}
      subtitle={i18n.t('redeem.subtitle')}
      busy={props.busy}
      onSubmit={props.onSubmit}
      submitLabel={i18n.t('redeem.submit')}
      // While the request runs the button shows its loading state (and stays focused) rather than going disabled.
      submitDisabled={!props.canRedeem && !props.busy}
      flash={
        props.failure ? (
          <p className="tw-redeem__flash" role="alert">
            <Icon path={iconPath('alert')} size={18} />
            {i18n.t(props.failure)}
          </p>
        ) : null
      }
    >
      <FormField
        label={i18n.t('redeem.code')}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH-JKMN-PQRS"
        value={props.code.value}
        onValueChange={props.onChange}
        onBlur={props.onBlur}
        error={props.code.error}
        status={props.code.status}
        helper={i18n.t('redeem.helper')}
        required
      />
    </FormScreen>
  );
}

export interface RedeemSuccessViewProps {
  result: RedeemResult;
  onOpenTicket: () => void;
  onAgain: () => void;
}

export function RedeemSuccessView({ result, onOpenTicket, onAgain }: RedeemSuccessViewProps): ReactElement {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the success heading takes it, so a screen reader announces the outcome.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="tw-screen tw-card tw-redeem-success" aria-labelledby="tw-redeem-success-title">
      <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--success tw-redeem-success__check" aria-hidden="true">
        <Icon path={iconPath('check')} size={30} />
      </span>
      <h1 className="tw-title" id="tw-redeem-success-title" ref={heading} tabIndex={-1}>
        {i18n.t('redeem.success_title')}
      </h1>
      <p className="tw-subtitle">{i18n.t('redeem.success_text', { ticket: result.name })}</p>
      <div className="tw-redeem-success__item">
        {result.logo ? <img className="tw-redeem-success__logo" src={result.logo} alt="" width={48} height={48} /> : null}
        <span className="tw-redeem-success__name">{result.name}</span>
      </div>
      <div className="tw-redeem-success__actions">
        <Button onClick={onOpenTicket}>{i18n.t('redeem.view_ticket')}</Button>
        <Button variant="ghost" onClick={onAgain}>
          {i18n.t('redeem.again')}
        </Button>
      </div>
    </section>
  );
}
