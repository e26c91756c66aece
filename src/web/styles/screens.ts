// The hub overlay, its tiles and profile card, and placeholders (the QR screen: qr.ts).
export const screensCss = /* css */ `
.tw-hub {
  position: fixed;
  inset: 0;
  z-index: 2147483050;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: color-mix(in srgb, var(--tw-bg) 94%, transparent);
  backdrop-filter: blur(14px);
  -webkit-backdrop-filter: blur(14px);
  opacity: 1;
  transition: opacity 300ms ease;
  animation: tw-fade 0.2s ease-out;
}
.tw-hub:focus {
  outline: none;
}
.tw-hub[data-closing='true'] {
  opacity: 0;
}
.tw-hub__inner {
  display: grid;
  gap: 20px;
  max-width: var(--tw-content);
  margin: 0 auto;
  padding: 16px 16px 40px;
}
.tw-hub__top {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 44px;
}
.tw-hub__section {
  display: grid;
  gap: 10px;
}
.tw-hub__section-title {
  color: var(--tw-muted);
  font-size: 13px;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
}
.tw-profile {
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-profile__text {
  display: grid;
  flex: 1;
  min-width: 0;
}
.tw-profile__name {
  overflow: hidden;
  font-size: 17px;
  font-weight: 650;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.tw-profile__email {
  overflow: hidden;
  color: var(--tw-muted);
  font-size: 14px;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.tw-tiles {
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: 10px;
}
.tw-tiles--three {
  grid-template-columns: repeat(3, 1fr);
}
.tw-tile {
  display: grid;
  align-content: start;
  justify-items: start;
  gap: 10px;
  min-height: 108px;
  padding: 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  color: var(--tw-fg);
  text-align: left;
  cursor: pointer;
  transition: border-color 0.15s, box-shadow 0.15s, transform 0.15s var(--tw-ease);
}
.tw-tile:hover {
  border-color: var(--tw-border-strong);
  box-shadow: var(--tw-shadow);
  transform: translateY(-1px);
}
.tw-tile--feature {
  background: linear-gradient(160deg, var(--tw-primary-soft), var(--tw-surface) 70%);
}
.tw-tile__icon {
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 12px;
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
.tw-tile__label {
  font-weight: 650;
  line-height: 1.3;
}
.tw-tile__hint {
  color: var(--tw-muted);
  font-size: 13px;
  line-height: 1.35;
}
.tw-tiles--three .tw-tile {
  justify-items: center;
  min-height: 96px;
  padding: 14px 8px;
  text-align: center;
}
.tw-logout {
  justify-self: center;
  color: var(--tw-danger);
}
.tw-placeholder {
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 40px 20px;
  text-align: center;
}
.tw-placeholder__icon {
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 18px;
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
@media (min-width: 481px) {
  .tw-hub__inner {
    gap: 24px;
    padding: 24px 24px 56px;
  }
  .tw-tile {
    padding: 20px;
  }
  .tw-tiles--three .tw-tile {
    padding: 18px 12px;
  }
}
`;
