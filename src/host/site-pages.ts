// The demo ticket site's own pages, built from the organisation's data (src/server/modules/site reads it): the home page
// with the upcoming events, an event page (date, venue, description, ticket types with prices; a ticket on resale leads
// to its share page, the site's checkout), the help centre the wallet's help links lead to (`/{lang}/help`), and the
// not-found page (also for an address in a language the site does not have). Every page mounts the wallet through
// the embed script tag (site-layout.ts). Data is only ever written escaped.
import type { Language } from '../contract/languages';
import { escapeHtml } from './page-html';
import { descriptionHtml } from './site-description';
import { type SiteFrame, sitePage } from './site-layout';

export interface SiteTicketType {
  name: string;
  /** The organiser's HTML description; the site shows its paragraphs and lists only (site-description.ts). */
  descriptionHtml: string | null;
  logoUrl: string | null;
  priceMinor: number;
  currencyCode: string;
  currencySymbol: string;
  /** The cheapest ticket of this type on resale: its share code and price with the fee; null when none is. */
  resale: { shareCode: string; totalMinor: number } | null;
}

export interface SiteEvent {
  slug: string;
  name: string;
  description: string | null;
  city: string;
  venue: string;
  address: string | null;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  logoUrl: string | null;
  featureImageUrl: string | null;
  ticketTypes: SiteTicketType[];
}

type Frame = Omit<SiteFrame, 'title' | 'path' | 'section'>;

/** Money as the wallet writes it: the symbol, en-US grouping, two decimals. */
export const siteMoney = (minor: number, symbol: string) =>
  `${symbol}${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100)}`;

/** An event's start in its own time zone, with the zone's name. */
export function eventWhen(event: Pick<SiteEvent, 'startsAt' | 'timeZone'>, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'short', timeZone: event.timeZone }).format(event.startsAt);
}

const cheapest = (event: SiteEvent) => event.ticketTypes.reduce<SiteTicketType | null>((low, type) => (!low || type.priceMinor < low.priceMinor ? type : low), null);

/**
 * An event's card. The first upcoming card's image is on the first screen and is the page's largest paint, so it loads
 * at once and first (`fetchpriority`); the others wait until they are scrolled near.
 */
function eventCard(event: SiteEvent, { lang, t }: Frame, headingLevel: 2 | 3, first = false): string {
  const low = cheapest(event);
  const href = `/${lang}/events/${encodeURIComponent(event.slug)}`;
  const loading = first ? 'fetchpriority="high"' : 'loading="lazy"';
  return `<li class="site-event">
      ${event.featureImageUrl ? `<img class="site-event__image" src="${escapeHtml(event.featureImageUrl)}" alt="" width="640" height="320" ${loading} />` : ''}
      <div class="site-event__body">
        <h${headingLevel} class="site-event__name"><a href="${href}">${escapeHtml(event.name)}</a></h${headingLevel}>
        <p class="site-event__when">${escapeHtml(eventWhen(event, lang))}</p>
        <p class="site-event__where">${escapeHtml(event.venue)}, ${escapeHtml(event.city)}</p>
        ${low ? `<p class="site-event__price">${escapeHtml(t('site.from_price', { price: siteMoney(low.priceMinor, low.currencySymbol) }))}</p>` : ''}
      </div>
    </li>`;
}

export function homePage(frame: Frame, events: SiteEvent[], now: Date): string {
  const { t } = frame;
  const upcoming = events.filter((event) => event.endsAt >= now);
  const past = events.filter((event) => event.endsAt < now);
  const main = `<main id="content" class="site-main" tabindex="-1">
  <section class="site-hero" aria-labelledby="home-title">
    <h1 id="home-title">${escapeHtml(t('site.home_title'))}</h1>
    <p>${escapeHtml(t('site.home_intro'))}</p>
  </section>
  ${
    upcoming.length
      ? `<ul class="site-events">${upcoming.map((event, index) => eventCard(event, frame, 2, index === 0)).join('')}</ul>`
      : `<p class="site-empty">${escapeHtml(t('site.home_empty'))}</p>`
  }
  ${
    past.length
      ? `<section class="site-past" aria-labelledby="past-title"><h2 id="past-title">${escapeHtml(t('site.past_title'))}</h2><ul class="site-events site-events--past">${past.map((event) => eventCard(event, frame, 3)).join('')}</ul></section>`
      : ''
  }
</main>`;
  return sitePage({ ...frame, title: frame.organisation.name, path: '/', section: 'events' }, main);
}

function ticketRow(type: SiteTicketType, ended: boolean, { t }: Frame): string {
  const description = type.descriptionHtml ? descriptionHtml(type.descriptionHtml) : '';
  let action: string;
  if (ended) action = '';
  else if (type.resale)
    action = `<a class="site-button" href="/resale/${encodeURIComponent(type.resale.shareCode)}" aria-label="${escapeHtml(t('site.buy', { ticket: type.name }))}">${escapeHtml(t('site.buy_short'))}</a>
        <p class="site-ticket__note">${escapeHtml(t('site.resale_from', { price: siteMoney(type.resale.totalMinor, type.currencySymbol) }))}</p>`;
  else action = `<p class="site-ticket__note"><strong>${escapeHtml(t('site.sold_out'))}.</strong> ${escapeHtml(t('site.sold_out_note'))}</p>`;
  return `<li class="site-ticket">
      ${type.logoUrl ? `<img class="site-ticket__logo" src="${escapeHtml(type.logoUrl)}" alt="" width="48" height="48" />` : ''}
      <div class="site-ticket__body">
        <h3>${escapeHtml(type.name)}</h3>
        ${description ? `<div class="site-ticket__description">${description}</div>` : ''}
      </div>
      <div class="site-ticket__buy">
        <p class="site-ticket__price"><span class="site-visually-hidden">${escapeHtml(t('site.price'))}: </span>${siteMoney(type.priceMinor, type.currencySymbol)} <span class="site-ticket__currency">${escapeHtml(type.currencyCode)}</span></p>
        ${action}
      </div>
    </li>`;
}

export function eventPage(frame: Frame, event: SiteEvent, now: Date): string {
  const { t, lang } = frame;
  const ended = event.endsAt < now;
  const main = `<main id="content" class="site-main" tabindex="-1">
  <article class="site-article" aria-labelledby="event-title">
    ${event.featureImageUrl ? `<img class="site-article__image" src="${escapeHtml(event.featureImageUrl)}" alt="" width="960" height="400" />` : ''}
    <h1 id="event-title">${escapeHtml(event.name)}</h1>
    <dl class="site-facts">
      <div><dt>${escapeHtml(t('site.when'))}</dt><dd>${escapeHtml(eventWhen(event, lang))}</dd></div>
      <div><dt>${escapeHtml(t('site.where'))}</dt><dd>${escapeHtml(event.venue)}${event.address ? `, ${escapeHtml(event.address)}` : `, ${escapeHtml(event.city)}`}</dd></div>
    </dl>
    ${ended ? `<p class="site-notice">${escapeHtml(t('site.ended'))}</p>` : ''}
    ${event.description ? `<p class="site-article__description">${escapeHtml(event.description)}</p>` : ''}
    <section aria-labelledby="tickets-title">
      <h2 id="tickets-title">${escapeHtml(t('site.ticket_types'))}</h2>
      <ul class="site-tickets">${event.ticketTypes.map((type) => ticketRow(type, ended, frame)).join('')}</ul>
    </section>
  </article>
</main>`;
  return sitePage({ ...frame, title: t('site.event_title', { event: event.name }), path: `/events/${encodeURIComponent(event.slug)}`, section: 'events' }, main);
}

/** The help centre's topics, in the order a person meets them. */
export const helpTopics = [
  { id: 'sign_in', title: 'site.help_sign_in', text: 'site.help_sign_in_text' },
  { id: 'qr', title: 'site.help_qr', text: 'site.help_qr_text' },
  { id: 'gift', title: 'site.help_gift', text: 'site.help_gift_text' },
  { id: 'swap', title: 'site.help_swap', text: 'site.help_swap_text' },
  { id: 'resell', title: 'site.help_resell', text: 'site.help_resell_text' },
  { id: 'redeem', title: 'site.help_redeem', text: 'site.help_redeem_text' },
] as const;

export function helpPage(frame: Frame): string {
  const { t } = frame;
  const topics = helpTopics
    .map(
      (topic) => `<section class="site-help__topic" id="${topic.id.replace('_', '-')}" aria-labelledby="help-${topic.id}">
      <h2 id="help-${topic.id}">${escapeHtml(t(topic.title))}</h2>
      <p>${escapeHtml(t(topic.text))}</p>
    </section>`,
    )
    .join('');
  const main = `<main id="content" class="site-main" tabindex="-1">
  <h1>${escapeHtml(t('site.help_title'))}</h1>
  <p class="site-lead">${escapeHtml(t('site.help_intro'))}</p>
  <nav class="site-help__toc" aria-labelledby="help-toc"><h2 id="help-toc" class="site-visually-hidden">${escapeHtml(t('site.help_title'))}</h2><ul>${helpTopics
    .map((topic) => `<li><a href="#${topic.id.replace('_', '-')}">${escapeHtml(t(topic.title))}</a></li>`)
    .join('')}</ul></nav>
  <div class="site-help">${topics}</div>
  <p><button type="button" class="site-button" data-open-wallet>${escapeHtml(t('site.help_open'))}</button></p>
</main>`;
  return sitePage({ ...frame, title: `${t('site.help_title')} · ${frame.organisation.name}`, path: '/help', section: 'help' }, main);
}

/**
 * The not-found page, in `frame.lang`. `unknownLanguage` is the first path segment when it looked like a language the
 * site does not have (`/fr/…`): the page says so and offers the page in the languages it has.
 */
export function notFoundPage(frame: Frame, { path, unknownLanguage }: { path: string; unknownLanguage?: string | undefined }): string {
  const { t } = frame;
  const rest = unknownLanguage ? path.slice(unknownLanguage.length + 1) || '/' : '/';
  const main = `<main id="content" class="site-main" tabindex="-1">
  <h1>${escapeHtml(t('site.not_found_title'))}</h1>
  ${
    unknownLanguage
      ? `<p class="site-notice" role="note">${escapeHtml(t('site.unknown_language', { code: unknownLanguage }))}</p>
  <p>${escapeHtml(t('site.choose_language'))} <a href="/en${escapeHtml(rest)}" lang="en" hreflang="en">English</a> · <a href="/es${escapeHtml(rest)}" lang="es" hreflang="es">Español</a></p>`
      : `<p>${escapeHtml(t('site.not_found_text'))}</p>`
  }
  <p><a class="site-button" href="/${frame.lang}/">${escapeHtml(t('site.nav_events'))}</a> <a class="site-button site-button--secondary" href="/${frame.lang}/help">${escapeHtml(t('site.nav_help'))}</a></p>
</main>`;
  return sitePage({ ...frame, title: `${t('site.not_found_title')} · ${frame.organisation.name}`, path: unknownLanguage ? rest : '/', section: null, head: '\n<meta name="robots" content="noindex" />' }, main);
}
