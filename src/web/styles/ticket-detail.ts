// The single ticket: the top bar, event and access cards, sections, the clamped description, the organiser's HTML
// and the actions menu.
export const ticketDetailCss = /* css */ `
.tw-ticket-bar {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 40px;
  margin-bottom: -8px;
}
.tw-event-card {
  overflow: hidden;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-event-card__media {
  position: relative;
  aspect-ratio: 2 / 1;
  background: linear-gradient(135deg, var(--tw-primary-soft), var(--tw-surface-3));
}
.tw-event-card__media img {
  width: 100%;
  height: 100%;
  object-fit: cover;
}
.tw-event-card__media .tw-skeleton {
  position: absolute;
  inset: 0;
}
.tw-event-card__badge {
  position: absolute;
  top: 12px;
  right: 12px;
}
.tw-event-card__badge .tw-badge:not([data-tone='live']) {
  background: color-mix(in srgb, var(--tw-surface) 88%, transparent);
  backdrop-filter: blur(6px);
  -webkit-backdrop-filter: blur(6px);
  box-shadow: var(--tw-shadow-sm);
}
.tw-event-card__body {
  display: grid;
  gap: 14px;
  padding: 0 20px 20px;
}
.tw-event-card__head {
  display: flex;
  align-items: flex-start;
  gap: 14px;
  /* Only the logo overlaps the picture; the names start below it. */
  margin-top: -26px;
}
.tw-event-card__head .tw-ticket-logo,
.tw-event-card__head > .tw-skeleton {
  position: relative;
  border: 3px solid var(--tw-surface);
  box-sizing: content-box;
  background-color: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-event-card__names {
  display: grid;
  flex: 1;
  min-width: 0;
  padding-top: 32px;
}
.tw-event-card__event {
  color: var(--tw-muted);
  font-size: 13px;
  font-weight: 600;
  letter-spacing: 0.02em;
  text-transform: uppercase;
  overflow-wrap: anywhere;
}
.tw-event-card__title {
  font-size: 22px;
  font-weight: 700;
  line-height: 1.25;
  letter-spacing: -0.015em;
  overflow-wrap: anywhere;
}
.tw-event-card__facts {
  display: grid;
  gap: 8px;
}
.tw-event-card__address {
  display: block;
  color: var(--tw-subtle);
  font-size: 13px;
}
.tw-access {
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-access__icon {
  display: grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: 14px;
  background: var(--tw-success-soft);
  color: var(--tw-success);
}
.tw-access[data-used='true'] .tw-access__icon {
  background: var(--tw-surface-2);
  color: var(--tw-muted);
}
.tw-access__text {
  display: grid;
  flex: 1;
  gap: 2px;
  min-width: 0;
}
.tw-access__head {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 4px 10px;
}
.tw-access__title {
  font-size: 15px;
  font-weight: 650;
}
.tw-access__detail {
  color: var(--tw-muted);
  font-size: 14px;
}
.tw-section {
  display: grid;
  gap: 12px;
}
.tw-card.tw-section {
  padding: 20px;
}
.tw-section__title {
  font-size: 17px;
  font-weight: 650;
}
.tw-description {
  display: grid;
  justify-items: start;
  gap: 8px;
}
.tw-description__text {
  color: var(--tw-muted);
}
.tw-description__text[data-clamped='true'] {
  display: -webkit-box;
  overflow: hidden;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 3;
  line-clamp: 3;
}
.tw-description__toggle svg {
  transition: transform 0.2s var(--tw-ease);
}
.tw-rich-text {
  /* Block flow, not grid: the 3-line clamp counts lines through block children. */
  display: block;
  overflow-wrap: anywhere;
}
.tw-rich-text > * + * {
  margin-top: 10px;
}
.tw-rich-text ul,
.tw-rich-text ol {
  padding-left: 20px;
}
.tw-rich-text li + li {
  margin-top: 4px;
}
.tw-rich-text ul {
  list-style: disc;
}
.tw-rich-text ol {
  list-style: decimal;
}
.tw-rich-text li::marker {
  color: var(--tw-subtle);
}
.tw-rich-text a {
  text-decoration: underline;
}
.tw-rich-text strong,
.tw-rich-text b {
  color: var(--tw-fg);
}
.tw-menu {
  position: relative;
}
.tw-menu__list {
  position: absolute;
  top: calc(100% + 6px);
  right: 0;
  z-index: 10;
  display: grid;
  min-width: 200px;
  padding: 6px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-lg);
  animation: tw-rise 0.16s var(--tw-ease);
}
.tw-menu__item {
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 42px;
  padding: 8px 12px;
  border: 0;
  border-radius: var(--tw-radius-sm);
  background: transparent;
  color: var(--tw-fg);
  font-weight: 500;
  text-align: left;
  cursor: pointer;
}
.tw-menu__item:hover,
.tw-menu__item:focus-visible {
  background: var(--tw-surface-2);
}
.tw-menu__item svg {
  color: var(--tw-muted);
}
@media (min-width: 481px) {
  .tw-event-card__body {
    padding: 0 24px 24px;
  }
  .tw-event-card__title {
    font-size: 26px;
  }
  .tw-access {
    padding: 18px 20px;
  }
  .tw-card.tw-section {
    padding: 24px;
  }
}
`;
