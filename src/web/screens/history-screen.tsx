// HISTORY: one ticket's transfer history — each move (issued, gifted, swapped, bought on resale, redeemed) with its
// date and holder, oldest first; a skeleton while it loads, the reason and Try again when it could not. The history
// machine loads it and leads back to the ticket page; this view renders and sends.
import '../components/card';
import { BackLink, Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { Skeleton } from '../components/skeleton';
import { useChild } from '../wallet-config';
import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import type { HistoryEntry, TicketHistory } from '../../contract/entities';
import type { HistorySnapshot } from '../../../machines/history';
import { formatLocalDay } from '../format';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { iconPath } from '../components/icon-paths' with { type: 'macro' };
import historyScreenCss from 'bundle-text:./history-screen.css';
import { i18n, strings } from '../i18n';

registerStyles(historyScreenCss);

i18n.set('en', strings('en', screenStrings('HISTORY')));

export type HistoryStatus = 'loading' | 'shown' | 'notFound' | 'failed';

/** Each move's name, by its key (written out, so the locales' check sees every key used). */
const moveKeys: Record<HistoryEntry['move'], string> = {
  issued: 'history.move.issued',
  gifted: 'history.move.gifted',
  swapped: 'history.move.swapped',
  bought: 'history.move.bought',
  redeemed: 'history.move.redeemed',
};

const statusOf = (snapshot: HistorySnapshot): HistoryStatus =>
  snapshot.matches('shown') ? 'shown' : snapshot.matches('notFound') ? 'notFound' : snapshot.matches('failed') ? 'failed' : 'loading';

export default function HistoryScreen(): ReactElement {
  const history = useChild('history');
  const status = useSelector(history, (snapshot) => (snapshot ? statusOf(snapshot) : 'loading'));
  const answer = useSelector(history, (snapshot) => snapshot?.context.history ?? null);
  const error = useSelector(history, (snapshot) => snapshot?.context.error ?? null);
  if (!history) return <PanelSkeleton />;
  return (
    <HistoryView
      status={status}
      history={answer}
      error={error}
      onBack={() => history.send({ type: 'history.openTicket' })}
      onRetry={() => history.send({ type: 'history.retry' })}
    />
  );
}

export interface HistoryViewProps {
  status: HistoryStatus;
  history: TicketHistory | null;
  /** The locale key of why it could not be loaded. */
  error: string | null;
  onBack: () => void;
  onRetry: () => void;
}

const holderText = (holder: HistoryEntry['holder']) =>
  holder === 'you' ? i18n.t('history.holder_you') : holder === null ? i18n.t('history.holder_hidden') : holder;

export function HistoryView({ status, history, error, onBack, onRetry }: HistoryViewProps): ReactElement {
  return (
    <section className="tw-screen" aria-labelledby="tw-history-title" aria-busy={status === 'loading' || undefined}>
      <div className="tw-ticket-bar">
        <BackLink onBack={onBack} label={i18n.t('history.back')} />
      </div>
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-history-title" tabIndex={-1}>
          {i18n.t('title.history')}
        </h1>
        <p className="tw-subtitle">{history && status === 'shown' ? history.ticketName : i18n.t('history.subtitle')}</p>
      </div>
      {status === 'loading' ? (
        <div className="tw-card tw-section" role="status" aria-label={i18n.t('history.loading')}>
          <Skeleton width="60%" height={18} />
          <Skeleton width="40%" height={14} />
          <Skeleton width="60%" height={18} />
        </div>
      ) : status === 'failed' || status === 'notFound' ? (
        <div className="tw-card tw-state-card" role="alert">
          <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--danger tw-state-card__icon" aria-hidden="true">
            <Icon path={iconPath('alert')} size={24} />
          </span>
          <p className="tw-state-card__title">{i18n.t(error ?? 'history.load_failed')}</p>
          {status === 'failed' ? (
            <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={onRetry}>
              {i18n.t('common.retry')}
            </Button>
          ) : null}
        </div>
      ) : (
        <ol className="tw-card tw-section tw-history" aria-label={i18n.t('history.list')}>
          {(history?.entries ?? []).map((entry) => (
            <li key={`${entry.move}-${entry.at}`} className="tw-history__move">
              <strong>{i18n.t(moveKeys[entry.move])}</strong>
              <time dateTime={entry.at} className="tw-muted">
                {' · '}
                {formatLocalDay(entry.at, { locale: i18n.locale() })}
              </time>
              <div>{i18n.t('history.held_by', { holder: holderText(entry.holder) })}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
