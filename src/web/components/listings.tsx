// The seller's listings under RESELL (shown while no ticket is picked): Sale and Sold tabs, Share (a modal with the
// link, the device's share sheet on narrow screens, else Facebook, Twitter and Mail) and Unlist (a confirmation).
// The listings machine (machines/listings.ts, a child of resell) decides; this renders its state and sends events.
import { Button } from './button';
import { Icon } from './icons';
import { registerStyles } from '../style-sheets';
import { Skeleton } from './skeleton';
import { useSelector } from '@xstate/react';
import { type ReactElement, useSyncExternalStore } from 'react';
import type { ListingsActor, ListingsTab } from '../../../machines/listings';
import type { SoldEntry } from '../../contract/entities';
import {
  daysSince,
  selectIsUnlisting,
  selectListingsStep,
  selectListingsTab,
  selectOnSale,
  selectSharing,
  selectSold,
  selectUnlisting,
} from '../../../machines/listings.selectors';
import { formatLocalMoment } from '../format';
import { LoadFailed } from './load-failed';
import { EventCard, type EventCardAction } from './event-card';
import { iconPath } from './icon-paths' with { type: 'macro' };
import { ListTabs } from './list-tabs';
import { Modal } from './modal';
import listingsCss from 'bundle-text:./listings.css';
import { i18n } from '../i18n';

registerStyles(listingsCss);

/** A share link to copy: the resell success and the Share modal. */
export function ShareLink({ link, onCopy }: { link: string; onCopy: () => void }): ReactElement {
  return (
    <div className="tw-resell__link">
      <input className="tw-input" readOnly value={link} aria-label={i18n.t('listings.share_title')} onFocus={(event) => event.target.select()} />
      <Button variant="secondary" icon={<Icon path={iconPath('copy')} size={18} />} onClick={onCopy}>
        {i18n.t('resell.copy')}
      </Button>
    </div>
  );
}

const tabLabels: Record<ListingsTab, string> = { SALE: 'listings.sale', SOLD: 'listings.sold' };
const payoutLabel: Record<SoldEntry['payoutStatus'], string> = {
  held: 'listings.payout_held',
  paid: 'listings.payout_paid',
  on_hold: 'listings.payout_on_hold',
  reversed: 'listings.payout_reversed',
};

function ago(iso: string, today: string, days: string): string {
  const count = daysSince(iso, Date.now());
  return count === 0 ? i18n.t(today) : i18n.t(days, { count });
}

export function Listings({ listings }: { listings: ListingsActor }): ReactElement {
  const step = useSelector(listings, selectListingsStep);
  const tab = useSelector(listings, selectListingsTab);
  const sale = useSelector(listings, selectOnSale);
  const sold = useSelector(listings, selectSold);
  return (
    <section className="tw-resell__listings" aria-labelledby="tw-listings-title">
      <h2 className="tw-resell__step-title" id="tw-listings-title">
        {i18n.t('listings.title')}
      </h2>
      {step === 'loading' ? (
        <div role="status" aria-label={i18n.t('common.loading')}>
          <Skeleton height={72} radius={12} />
        </div>
      ) : null}
      {step === 'failed' ? (
        <LoadFailed className="tw-resell__state" message={i18n.t('listings.load_error')} onRetry={() => listings.send({ type: 'listings.retry' })} />
      ) : null}
      {step === 'ready' ? (
        <ListTabs
          id="tw-listings"
          label={i18n.t('listings.tabs')}
          tabs={(['SALE', 'SOLD'] as const).map((value) => ({ value, label: i18n.t(tabLabels[value]) }))}
          selected={tab}
          onSelect={(value) => listings.send({ type: 'listings.chooseTab', tab: value })}
        >
          <ul className="tw-resell__list">
            {tab === 'SALE' && sale.length === 0 ? <li className="tw-muted">{i18n.t('listings.empty_sale')}</li> : null}
            {tab === 'SOLD' && sold.length === 0 ? <li className="tw-muted">{i18n.t('listings.empty_sold')}</li> : null}
            {tab === 'SALE'
              ? sale.map((entry) => (
                  <li key={entry.userTicketId} className="tw-resell__entry">
                    {/* Share and Unlist inside the entry's card, under its facts (issue 23). */}
                    <ListingCard
                      entry={entry}
                      note={ago(entry.listedDate, 'listings.listed_today', 'listings.listed_days')}
                      actions={[
                        { icon: iconPath('external'), label: i18n.t('listings.share'), onClick: () => listings.send({ type: 'listings.share', userTicketId: entry.userTicketId }) },
                        { icon: iconPath('close'), label: i18n.t('listings.unlist'), onClick: () => listings.send({ type: 'listings.unlist', userTicketId: entry.userTicketId }) },
                      ]}
                    />
                  </li>
                ))
              : sold.map((entry) => (
                  <li key={entry.userTicketId} className="tw-resell__entry">
                    <ListingCard
                      entry={entry}
                      note={`${ago(entry.soldDate, 'listings.sold_today', 'listings.sold_days')} · ${i18n.t(payoutLabel[entry.payoutStatus], {
                        date: formatLocalMoment(entry.payoutDate, { locale: i18n.locale(), tz: entry.eventTimeZone }),
                      })}`}
                    />
                  </li>
                ))}
          </ul>
        </ListTabs>
      ) : null}
      <ShareModal listings={listings} />
      <UnlistModal listings={listings} />
    </section>
  );
}

/** A listing's card, on sale or sold: its ticket and price, `note` under them, and `actions` while it is on sale. */
function ListingCard({
  entry,
  note,
  actions,
}: {
  entry: Pick<SoldEntry, 'name' | 'ticketLogo' | 'price' | 'currencySymbol'>;
  note: string;
  actions?: readonly EventCardAction[];
}): ReactElement {
  return <EventCard variant="solid" title={entry.name} image={entry.ticketLogo} price={entry.price} currencySymbol={entry.currencySymbol} note={note} actions={actions} />;
}

/** docs/product.md §2: native share at most 480.99 px wide (where the device offers it), else Facebook, Twitter and Mail. */
const NARROW_QUERY = '(max-width: 480.99px)';
const subscribeNarrow = (onChange: () => void) => {
  const list = globalThis.matchMedia?.(NARROW_QUERY);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};
const isNarrow = () => globalThis.matchMedia?.(NARROW_QUERY).matches ?? false;
const useNarrow = (): boolean => useSyncExternalStore(subscribeNarrow, isNarrow, () => false);

function ShareModal({ listings }: { listings: ListingsActor }): ReactElement | null {
  const entry = useSelector(listings, selectSharing);
  const narrow = useNarrow();
  const close = () => listings.send({ type: 'listings.close' });
  if (!entry) return null;
  const text = i18n.t('listings.share_text', { ticket: entry.name });
  const url = encodeURIComponent(entry.shareLinkUrl);
  const native = narrow && typeof globalThis.navigator?.share === 'function';
  return (
    <Modal
      open
      title={i18n.t('listings.share_title')}
      onClose={close}
      actions={
        <Button variant="secondary" onClick={close}>
          {i18n.t('listings.close')}
        </Button>
      }
    >
      <div className="tw-resell__share">
        <ShareLink link={entry.shareLinkUrl} onCopy={() => listings.send({ type: 'listings.copy' })} />
        {native ? (
          <Button icon={<Icon path={iconPath('external')} size={18} />} onClick={() => listings.send({ type: 'listings.nativeShare' })}>
            {i18n.t('listings.share_native')}
          </Button>
        ) : (
          <ul className="tw-resell__share-menu" aria-label={i18n.t('listings.share')}>
            <li>
              <a href={`https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
                {'Facebook' /* a product name: the same in every language */}
              </a>
            </li>
            <li>
              <a href={`https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
                {'Twitter'}
              </a>
            </li>
            <li>
              <a href={`mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}\n${entry.shareLinkUrl}`)}`}>{i18n.t('listings.share_mail')}</a>
            </li>
          </ul>
        )}
      </div>
    </Modal>
  );
}

function UnlistModal({ listings }: { listings: ListingsActor }): ReactElement | null {
  const entry = useSelector(listings, selectUnlisting);
  const busy = useSelector(listings, selectIsUnlisting);
  if (!entry) return null;
  return (
    <Modal
      open
      role="alertdialog"
      title={i18n.t('listings.unlist_title')}
      description={i18n.t('listings.unlist_text', { ticket: entry.name })}
      onClose={() => (busy ? undefined : listings.send({ type: 'listings.close' }))}
      actions={
        <>
          <Button variant="danger" loading={busy} onClick={() => listings.send({ type: 'listings.confirmUnlist' })}>
            {i18n.t('listings.unlist_confirm')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => listings.send({ type: 'listings.close' })}>
            {i18n.t('listings.close')}
          </Button>
        </>
      }
    />
  );
}
