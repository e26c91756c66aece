// Panels whose screens arrive in later issues show their name and a polite "coming soon".
import type { ReactElement } from 'react';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { screenTitle } from '../document-title';
import { t } from '../i18n';
import { useWallet } from '../wallet-config';

export function PlaceholderScreen({ screen }: { screen: string }): ReactElement {
  const { panel } = useWallet();
  return <PlaceholderView title={screenTitle(screen) ?? t('app.name')} onOpenHub={() => panel.send({ type: 'panel.openHub' })} />;
}

export function PlaceholderView({ title, onOpenHub }: { title: string; onOpenHub: () => void }): ReactElement {
  return (
    <section className="tw-screen tw-card" aria-labelledby="tw-placeholder-title">
      <div className="tw-placeholder">
        <span className="tw-placeholder__icon" aria-hidden="true">
          <Icon name="sparkle" size={26} />
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
