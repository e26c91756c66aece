// Panels whose screens arrive in later issues show their name and a polite "coming soon".
import type { ReactElement } from 'react';
import { Button } from '../components/button';
import '../components/card';
import { Icon } from '../components/icons';
import { screenTitle } from '../document-title';
import { addStrings, t } from '../i18n';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { useSelector } from '@xstate/react';
import { selectTab } from '../../../machines/panel.selectors';
import { useWallet } from '../wallet-config';
import placeholderScreenCss from 'bundle-text:./placeholder-screen.css';
import { registerStyles } from '../style-sheets';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

addStrings(screenStrings(['placeholder']));
registerStyles(placeholderScreenCss);

export default function PlaceholderScreen(): ReactElement {
  const wallet = useWallet();
  const tab = useSelector(wallet, selectTab);
  return <PlaceholderView title={screenTitle(tab) ?? t('app.name')} onOpenHub={() => wallet.send({ type: 'panel.openHub' })} />;
}

export function PlaceholderView({ title, onOpenHub }: { title: string; onOpenHub: () => void }): ReactElement {
  return (
    <section className="tw-screen tw-card" aria-labelledby="tw-placeholder-title">
      <div className="tw-placeholder">
        <span className="tw-icon-tile tw-icon-tile--56" aria-hidden="true">
          <Icon path={iconPath('sparkle')} size={26} />
        </span>
        <h1 className="tw-title" id="tw-placeholder-title">
          {title}
        </h1>
        <p className="tw-subtitle">{t('placeholder.text')}</p>
        <Button variant="secondary" onClick={onOpenHub}>
          {t('placeholder.back_to_hub')}
        </Button>
      </div>
    </section>
  );
}
