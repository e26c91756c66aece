// "Discard this gift?" (swap, listing): the question the router asks before it closes the wallet over a half-done flow
// (machines/router.ts, `closingQuestion`). An alert dialog built like the other confirmations (Modal): Keep editing
// first, so it has the focus and Enter keeps what was entered; Escape keeps editing too; Discard closes the wallet.
import type { ReactElement } from 'react';
import { selectDiscardQuestion } from '../../../machines/panel.selectors';
import { useSelector } from '../use-selector';
import { t } from '../i18n';
import { useWallet } from '../wallet-config';
import { Button } from './button';
import { Modal } from './modal';

export function DiscardQuestion({ title }: { title: string }): ReactElement | null {
  const wallet = useWallet();
  const question = useSelector(wallet, selectDiscardQuestion);
  const keepEditing = () => wallet.send({ type: 'panel.keepEditing' });
  return (
    <Modal
      open={question !== null}
      role="alertdialog"
      title={title}
      description={t('discard.text')}
      onClose={keepEditing}
      actions={
        <>
          <Button variant="secondary" disabled={question === 'discarding'} onClick={keepEditing}>
            {t('discard.keep')}
          </Button>
          <Button variant="danger" loading={question === 'discarding'} onClick={() => wallet.send({ type: 'panel.discard' })}>
            {t('discard.confirm')}
          </Button>
        </>
      }
    />
  );
}
