// The floating "My tickets" button shown while the wallet is closed. Drawn twice from this one rule: by the
// loader as plain DOM (src/embed/launcher.ts) before the app bundle is loaded, and by the app's shell after.
export const launcherCss = /* css */ `
.tw-launcher {
  position: fixed;
  right: 20px;
  bottom: 20px;
  z-index: 2147483000;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  padding: 12px 18px;
  border: 0;
  border-radius: 999px;
  background: var(--tw-primary);
  color: var(--tw-primary-fg);
  font-weight: 600;
  box-shadow: var(--tw-shadow-lg);
  cursor: pointer;
}
`;

/** Only the loader's launcher has these: fetching the app after a click, and the message when that failed. */
export const launcherStatusCss = /* css */ `
.tw-launcher[aria-busy='true'] {
  cursor: progress;
  opacity: 0.8;
}
.tw-launcher[aria-busy='true'] svg {
  animation: tw-launcher-pulse 1s ease-in-out infinite alternate;
}
@keyframes tw-launcher-pulse {
  to {
    opacity: 0.3;
  }
}
.tw-launcher-error {
  position: fixed;
  right: 20px;
  bottom: 78px;
  z-index: 2147483000;
  max-width: min(280px, calc(100vw - 40px));
  padding: 8px 12px;
  border-radius: var(--tw-radius-sm);
  background: var(--tw-danger-soft);
  color: var(--tw-danger);
  font-size: 13px;
  box-shadow: var(--tw-shadow);
}
.tw-launcher-error[hidden] {
  display: none;
}
`;
