// QR: the personal entry code. The rotating image and the learn-more panel arrive with issue 4; until then
// the title and a loading placeholder.
import type { ReactElement } from 'react';
import { Skeleton } from '../components/skeleton';
import { t } from '../i18n';

export function QrScreen(): ReactElement {
  return <QrView image={undefined} />;
}

export function QrView({ image }: { image: string | undefined }): ReactElement {
  return (
    <section className="tw-screen tw-card" aria-labelledby="tw-qr-title">
      <div className="tw-screen__head" style={{ textAlign: 'center' }}>
        <h1 className="tw-title" id="tw-qr-title">
          {t('qr.title')}
        </h1>
        <p className="tw-subtitle">{t('qr.subtitle')}</p>
      </div>
      <div className="tw-qr">
        <div className="tw-qr__frame">
          {image ? (
            <img src={`data:image/png;base64,${image}`} alt={t('qr.image_alt')} />
          ) : (
            <Skeleton width="100%" height="100%" radius={12} label={t('qr.loading')} />
          )}
        </div>
      </div>
    </section>
  );
}
