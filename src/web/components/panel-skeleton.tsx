// A panel's shape while it is not ready yet (its screen's chunk downloads, or its flow is starting): a title, a
// line and a card.
import type { ReactElement } from 'react';
import './card';
import { Skeleton } from './skeleton';
import { i18n } from '../i18n';

export function PanelSkeleton(): ReactElement {
  return (
    <section className="tw-screen" aria-busy="true">
      <div className="tw-screen__head">
        <Skeleton width="45%" height={28} label={i18n.t('common.loading')} />
        <Skeleton width="70%" height={16} />
      </div>
      <div className="tw-card tw-screen">
        <Skeleton height={44} radius={12} />
        <Skeleton height={44} radius={12} />
      </div>
    </section>
  );
}
