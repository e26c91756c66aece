// The panel frame: header, content column (max 640 px), footer. Mobile first; wider screens add air.
export const layoutCss = /* css */ `
.tw-panel {
  position: fixed;
  inset: 0;
  z-index: 2147483000;
  display: flex;
  flex-direction: column;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: var(--tw-bg);
  color: var(--tw-fg);
}
.tw-panel[data-mode='inline'] {
  position: relative;
  inset: auto;
  z-index: auto;
  min-height: 100%;
  overflow: visible;
}
.tw-frame {
  display: flex;
  flex: 1 0 auto;
  flex-direction: column;
}
.tw-header {
  position: sticky;
  top: 0;
  z-index: 5;
  background: color-mix(in srgb, var(--tw-bg) 86%, transparent);
  backdrop-filter: saturate(1.4) blur(12px);
  -webkit-backdrop-filter: saturate(1.4) blur(12px);
  border-bottom: 1px solid var(--tw-border);
}
.tw-header__inner {
  display: flex;
  align-items: center;
  gap: 12px;
  max-width: 1024px;
  margin: 0 auto;
  padding: 10px 16px;
  min-height: 60px;
}
.tw-brand {
  display: inline-flex;
  align-items: center;
  gap: 10px;
  min-width: 0;
  margin-right: auto;
  padding: 4px 6px 4px 4px;
  border: 0;
  border-radius: var(--tw-radius-sm);
  background: none;
  cursor: pointer;
  color: var(--tw-fg);
}
.tw-brand:hover {
  background: var(--tw-surface-2);
}
.tw-brand__logo {
  width: 32px;
  height: 32px;
  flex: none;
  border-radius: 9px;
  object-fit: cover;
}
.tw-brand__mark {
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  flex: none;
  border-radius: 9px;
  background: linear-gradient(135deg, var(--tw-primary), #a855f7);
  color: #fff;
}
.tw-brand__name {
  overflow: hidden;
  font-size: 16px;
  font-weight: 650;
  letter-spacing: -0.01em;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.tw-header__actions {
  display: flex;
  align-items: center;
  gap: 8px;
  flex: none;
}
.tw-avatar-button {
  padding: 2px;
  border: 0;
  border-radius: 999px;
  background: none;
  cursor: pointer;
  transition: box-shadow 0.15s var(--tw-ease);
}
.tw-avatar-button:hover {
  box-shadow: 0 0 0 3px var(--tw-surface-3);
}
.tw-main {
  flex: 1 0 auto;
  width: 100%;
  max-width: var(--tw-content);
  margin: 0 auto;
  padding: 20px 16px 32px;
}
.tw-footer {
  border-top: 1px solid var(--tw-border);
  color: var(--tw-muted);
  font-size: 13px;
}
.tw-footer__inner {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 16px;
  max-width: var(--tw-content);
  margin: 0 auto;
  padding: 16px;
}
.tw-footer__controls {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
}
.tw-footnote {
  flex: 1 1 220px;
}
@media (max-width: 400px) {
  /* Narrow phones: the organisation name needs the room more than the button's icon. */
  .tw-header__inner {
    gap: 8px;
  }
  .tw-header__actions .tw-button--small {
    padding: 6px 10px;
    font-size: 13px;
  }
  .tw-header__actions .tw-button--small svg {
    display: none;
  }
}
@media (min-width: 481px) {
  .tw-header__inner {
    padding: 12px 24px;
  }
  .tw-main {
    padding: 40px 24px 56px;
  }
  .tw-footer__inner {
    padding: 20px 24px;
  }
}
`;
