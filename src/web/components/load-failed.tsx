// What a step shows when its data could not be loaded: the reason, and Try again (the flow's retry event). Beside
// what is still shown, `tw-load-failed--inline` draws it as a tinted line.
import { Button } from './button';
import { Icon } from './icons';
import type { ReactElement } from 'react';
import { i18n } from '../i18n';
import { iconPath } from './icon-paths' with { type: 'macro' };
import { registerStyles } from '../style-sheets';
import loadFailedCss from 'bundle-text:./load-failed.css';

registerStyles(loadFailedCss);

export function LoadFailed({ message, onRetry, className }: { message: string; onRetry: () => void; className: string }): ReactElement {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={onRetry}>
        {i18n.t('common.retry')}
      </Button>
    </div>
  );
}
