// MY_TICKET: the Upcoming and Past tabs with ticket cards, loading skeletons, the empty state and Retry. The
// my-tickets machine loads the lists and opens a ticket; this view renders and sends.
import '../components/card';
import { Button } from '../components/button';
import { Icon } from '../components/icons';
import { PanelSkeleton } from '../components/panel-skeleton';
import { registerStyles } from '../style-sheets';
import { useChild, useWallet, useWalletConfig } from '../wallet-config';
import { useSelector } from '@xstate/react';
import { selectLanguage } from '../../../machines/panel.screen-selectors';
import type { ReactElement } from 'react';
import type { UserTicket } from '../../contract/entities';
import type { MyTicketsActor, TicketTab } from '../../../machines/my-tickets';
import {
  groupIdenticalTickets,
  selectCanRetry,
  selectListStatus,
  selectTicketTab,
  selectTickets,
  type TicketListStatus,
} from '../../../machines/my-tickets.selectors';
import { ListTabs } from '../components/list-tabs';
import { TicketCard, TicketCardSkeleton } from '../components/ticket-card';
import { screenStrings } from '../locale-strings' with { type: 'macro' };
import { siteUrlOf } from '../script-config';
import myTicketsScreenCss from 'bundle-text:./my-tickets-screen.css';
import { i18n, strings } from '../i18n';
import { iconPath } from '../components/icon-paths' with { type: 'macro' };

i18n.set('en', strings('en', screenStrings('MY_TICKET')));
registerStyles(myTicketsScreenCss);

export default function MyTicketsScreen(): ReactElement {
  const myTickets = useChild('myTickets');
  return myTickets ? <MyTicketsFlowScreen myTickets={myTickets} /> : <PanelSkeleton />;
}

function MyTicketsFlowScreen({ myTickets }: { myTickets: MyTicketsActor }): ReactElement {
  const tab = useSelector(myTickets, selectTicketTab);
  const status = useSelector(myTickets, selectListStatus);
  const tickets = useSelector(myTickets, selectTickets);
  const canRetry = useSelector(myTickets, selectCanRetry);
  const wallet = useWallet();
  const config = useWalletConfig();
  const language = useSelector(wallet, selectLanguage);
  return (
    <MyTicketsView
      tab={tab}
      status={status}
      tickets={tickets}
      canRetry={canRetry}
      onSelectTab={(next) => myTickets.send({ type: 'myTickets.selectTab', tab: next })}
      onRetry={() => myTickets.send({ type: 'myTickets.retry' })}
      onOpen={(userTicketId) => myTickets.send({ type: 'myTickets.openTicket', userTicketId })}
      onRedeem={() => wallet.send({ type: 'panel.open', tab: 'REDEEM' })}
      eventsUrl={siteUrlOf(config, language, window.location.origin)}
    />
  );
}

export interface MyTicketsViewProps {
  tab: TicketTab;
  status: TicketListStatus;
  tickets: UserTicket[];
  canRetry: boolean;
  onSelectTab: (tab: TicketTab) => void;
  onRetry: () => void;
  onOpen: (userTicketId: number) => void;
  /** The empty list's ways on: redeem a code from a purchase PDF, or find an event on the ticket site. */
  onRedeem: () => void;
  eventsUrl: string;
}

const tabLabels: Record<TicketTab, string> = { UPCOMING: 'tickets.upcoming', PAST: 'tickets.past' };
const tabOrder: TicketTab[] = ['UPCOMING', 'PAST'];

export function MyTicketsView(props: MyTicketsViewProps): ReactElement {
  return (
    <section className="tw-screen" aria-labelledby="tw-tickets-title">
      <div className="tw-screen__head">
        <h1 className="tw-title" id="tw-tickets-title">
          {i18n.t('title.my_ticket')}
        </h1>
        <p className="tw-subtitle">{i18n.t('tickets.subtitle')}</p>
        {/* Always a way to a code from a ticket PDF (the empty list has its own). */}
        {props.status === 'loaded' ? (
          <div className="tw-tickets__actions">
            <Button variant="secondary" size="small" icon={<Icon path={iconPath('unlock')} size={16} />} onClick={props.onRedeem}>
              {i18n.t('tickets.redeem')}
            </Button>
          </div>
        ) : null}
      </div>
      <ListTabs
        id="tw-tickets"
        label={i18n.t('tickets.tabs')}
        tabs={tabOrder.map((tab) => ({ value: tab, label: i18n.t(tabLabels[tab]) }))}
        selected={props.tab}
        onSelect={props.onSelectTab}
        className="tw-tickets"
      >
        <TicketList {...props} />
      </ListTabs>
    </section>
  );
}

function TicketList({ tab, status, tickets, canRetry, onRetry, onOpen, onSelectTab, onRedeem, eventsUrl }: MyTicketsViewProps): ReactElement {
  if (status === 'loading') {
    return (
      <div className="tw-ticket-list" role="status" aria-label={i18n.t('tickets.loading')}>
        <TicketCardSkeleton />
        <TicketCardSkeleton />
        <TicketCardSkeleton />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="tw-card tw-state-card" role="alert">
        <span className="tw-icon-tile tw-icon-tile--56 tw-icon-tile--danger tw-state-card__icon" aria-hidden="true">
          <Icon path={iconPath('alert')} size={24} />
        </span>
        <p className="tw-state-card__title">{i18n.t('tickets.error')}</p>
        <Button variant="secondary" icon={<Icon path={iconPath('refresh')} size={18} />} onClick={onRetry} disabled={!canRetry}>
          {i18n.t('common.retry')}
        </Button>
      </div>
    );
  }
  if (status === 'empty') {
    return (
      <div className="tw-card tw-state-card">
        <span className="tw-icon-tile tw-icon-tile--56 tw-state-card__icon" aria-hidden="true">
          <Icon path={iconPath('ticket')} size={26} />
        </span>
        <p className="tw-state-card__title">{i18n.t('tickets.empty_title')}</p>
        <p className="tw-muted">{tab === 'UPCOMING' ? i18n.t('tickets.empty_upcoming') : i18n.t('tickets.empty_past')}</p>
        <div className="tw-state-card__actions">
          {tab === 'UPCOMING' ? (
            <>
              <Button variant="secondary" onClick={onRedeem}>
                {i18n.t('tickets.empty_redeem')}
              </Button>
              <a className="tw-link-button" href={eventsUrl}>
                {i18n.t('tickets.empty_browse')}
              </a>
            </>
          ) : (
            <Button variant="secondary" onClick={() => onSelectTab('UPCOMING')}>
              {i18n.t('tickets.empty_see_upcoming')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <ul className="tw-ticket-list">
      {groupIdenticalTickets(tickets).map(({ ticket, count }) => (
        <li key={ticket.userTicketId}>
          <TicketCard ticket={ticket} count={count} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
