// My tickets: tabs, ticket cards and their skeletons, the ticket logo, facts, badges (shared with the single ticket)
// and the empty / error state card.
export const ticketsCss = /* css */ `
.tw-tabs {
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 4px;
  padding: 4px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius);
  background: var(--tw-surface-2);
}
.tw-tabs__tab {
  min-height: 40px;
  padding: 8px 12px;
  border: 0;
  border-radius: 9px;
  background: transparent;
  color: var(--tw-muted);
  font-weight: 600;
  cursor: pointer;
  transition: background-color 0.15s, color 0.15s, box-shadow 0.15s;
}
.tw-tabs__tab:hover {
  color: var(--tw-fg);
}
.tw-tabs__tab[aria-selected='true'] {
  background: var(--tw-surface);
  color: var(--tw-fg);
  box-shadow: var(--tw-shadow-sm);
}
.tw-tickets:focus-visible {
  outline-offset: 4px;
}
.tw-ticket-list {
  display: grid;
  gap: 12px;
}
.tw-ticket-card {
  display: grid;
  gap: 14px;
  width: 100%;
  padding: 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
  color: var(--tw-fg);
  text-align: left;
  cursor: pointer;
  transition: border-color 0.15s, box-shadow 0.15s, transform 0.15s var(--tw-ease);
}
button.tw-ticket-card:hover {
  border-color: var(--tw-border-strong);
  box-shadow: var(--tw-shadow);
  transform: translateY(-1px);
}
.tw-ticket-card[data-live='true'] {
  border-color: color-mix(in srgb, var(--tw-danger) 45%, var(--tw-border));
}
.tw-ticket-card--skeleton {
  cursor: default;
}
.tw-ticket-card__top {
  display: flex;
  align-items: flex-start;
  gap: 14px;
}
.tw-ticket-card__names {
  display: grid;
  flex: 1;
  min-width: 0;
}
.tw-ticket-card__name {
  font-size: 17px;
  font-weight: 650;
  line-height: 1.3;
  overflow-wrap: anywhere;
}
.tw-ticket-card__event {
  color: var(--tw-muted);
  font-size: 14px;
  overflow-wrap: anywhere;
}
.tw-ticket-card__facts {
  display: grid;
  gap: 6px;
}
.tw-ticket-card__foot {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding-top: 12px;
  border-top: 1px dashed var(--tw-border-strong);
}
.tw-ticket-card__end {
  display: inline-flex;
  align-items: center;
  gap: 8px;
}
.tw-ticket-card__chevron {
  flex: none;
  color: var(--tw-subtle);
}
.tw-ticket-logo {
  display: grid;
  place-items: center;
  flex: none;
  overflow: hidden;
  border-radius: 14px;
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
.tw-ticket-logo img {
  width: 100%;
  height: 100%;
  object-fit: cover;
}
.tw-fact {
  display: flex;
  align-items: flex-start;
  gap: 8px;
  color: var(--tw-muted);
  font-size: 14px;
  line-height: 1.4;
}
.tw-fact svg {
  flex: none;
  margin-top: 1px;
  color: var(--tw-subtle);
}
.tw-badge {
  display: inline-flex;
  align-items: center;
  flex: none;
  gap: 6px;
  padding: 3px 10px;
  border-radius: 999px;
  background: var(--tw-surface-2);
  color: var(--tw-muted);
  font-size: 12px;
  font-weight: 650;
  line-height: 18px;
  white-space: nowrap;
}
.tw-badge[data-tone='primary'] {
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
.tw-badge[data-tone='success'] {
  background: var(--tw-success-soft);
  /* Small bold text on the soft green needs more contrast than the palette's green gives (WCAG AA 4.5:1). */
  color: #067a46;
}
.tw-root[data-theme='dark'] .tw-badge[data-tone='success'] {
  color: var(--tw-success);
}
.tw-badge[data-tone='live'] {
  background: var(--tw-danger);
  color: #fff;
}
.tw-root[data-theme='dark'] .tw-badge[data-tone='live'] {
  color: #1d0d0b;
}
.tw-badge__dot {
  width: 7px;
  height: 7px;
  border-radius: 50%;
  background: currentColor;
  animation: tw-live 1.6s ease-in-out infinite;
}
@keyframes tw-live {
  50% {
    opacity: 0.35;
  }
}
.tw-state-card {
  display: grid;
  justify-items: center;
  gap: 10px;
  padding: 36px 20px;
  border: 1px dashed var(--tw-border-strong);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  text-align: center;
}
.tw-state-card__icon {
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  margin-bottom: 4px;
  border-radius: 18px;
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
.tw-state-card__icon[data-tone='danger'] {
  background: var(--tw-danger-soft);
  color: var(--tw-danger);
}
.tw-state-card__title {
  font-size: 17px;
  font-weight: 650;
}
.tw-state-card .tw-button {
  margin-top: 6px;
}
@media (min-width: 481px) {
  .tw-ticket-card {
    padding: 18px 20px;
  }
}
`;
