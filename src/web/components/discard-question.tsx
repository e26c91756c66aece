// "Discard this gift?" (swap, listing): the question the router asks before it closes the wallet over a half-done flow
// (machines/router.ts, the `editing`/`asking`/`discarding` states of the gift, swap and resell panels). An alert dialog built like the other confirmations (Modal): Keep editing
// first, so it has the focus and Enter keeps what was entered; Escape keeps editing too; Discard closes the wallet.
import { Button } from './button';
import { useSelector } from '@xstate/react';
import { useWallet } from '../wallet-config';
import { selectFlowQuestion } from '../../../machines/panel.screen-selectors';
import type { ReactElement } from 'react';
import type { FlowId } from '../../../machines/tabs';
import { Modal } from './modal';
import { i18n } from '../i18n';

/** `flow`: the flow whose screen shows the question (the open tab's flow). */
export function DiscardQuestion({ flow, title }: { flow: FlowId; title: string }): ReactElement | null {
  const wallet = useWallet();
  const question = useSelector(wallet, (snapshot) => selectFlowQuestion(snapshot, flow));
  const keepEditing = () => wallet.send({ type: 'panel.keepEditing' });
  return (
    <Modal
      open={question !== null}
      role="alertdialog"
      title={title}
      description={i18n.t('discard.text')}
      onClose={keepEditing}
      actions={
        <>
          <Button variant="secondary" disabled={question === 'discarding'} onClick={keepEditing}>
            {i18n.t('discard.keep')}
          </Button>
          <Button variant="danger" loading={question === 'discarding'} onClick={() => wallet.send({ type: 'panel.discard' })}>
            {i18n.t('discard.confirm')}
          </Button>
        </>
      }
    />
  );
}
