// The QR screen (the pass, its countdown, the error states) and the full-screen learn-more panel.
export const qrCss = /* css */ `
.tw-qr-screen__head {
  justify-items: center;
  text-align: center;
}
.tw-qr-screen__learn {
  margin-top: 2px;
  padding: 6px 8px;
  border-radius: var(--tw-radius-sm);
}
.tw-qr {
  display: grid;
  justify-items: center;
  gap: 14px;
  text-align: center;
}
.tw-qr__frame {
  display: grid;
  place-items: center;
  width: min(288px, 100%);
  aspect-ratio: 1;
  padding: 14px;
  border-radius: var(--tw-radius-lg);
  /* The quiet zone: a QR code needs light around it, so the frame stays white in the dark theme too. */
  background: #fff;
  box-shadow: 0 0 0 1px var(--tw-border), var(--tw-shadow);
}
.tw-root[data-theme='dark'] .tw-qr__frame {
  box-shadow: 0 0 0 1px rgba(255, 255, 255, 0.1), 0 16px 40px rgba(0, 0, 0, 0.55);
}
.tw-qr__frame .tw-skeleton {
  /* The frame is white in both themes, so its placeholder is light too. */
  background: linear-gradient(90deg, #eef0f5 25%, #e1e4ec 50%, #eef0f5 75%);
  background-size: 200% 100%;
}
.tw-qr__frame img {
  width: 100%;
  height: 100%;
  /* The PNG is scaled: keep the modules' edges sharp for the scanner. */
  image-rendering: pixelated;
  user-select: none;
  -webkit-user-drag: none;
}
.tw-root .tw-qr__frame[data-frame='error'] {
  border: 1px dashed var(--tw-border-strong);
  background: var(--tw-surface-2);
  box-shadow: none;
}
.tw-qr__failed {
  display: grid;
  justify-items: center;
  gap: 12px;
  padding: 8px;
  color: var(--tw-fg);
  font-size: 14px;
}
.tw-qr__failed > svg {
  color: var(--tw-danger);
}
.tw-qr__timer {
  width: min(160px, 60%);
  height: 4px;
  overflow: hidden;
  border-radius: 999px;
  background: var(--tw-surface-3);
}
.tw-qr__timer[data-idle='true'] {
  /* Without an image there is no rhythm to show; the track keeps its place so nothing moves. */
  visibility: hidden;
}
.tw-qr__timer-bar {
  display: block;
  height: 100%;
  border-radius: inherit;
  background: var(--tw-primary);
  transform-origin: left center;
  /* A rhythm rather than a one-off: the bar is replaced with each new image, and if one is late it starts over
     instead of sitting empty (and it never holds up "wait until the animations have finished"). */
  animation: tw-qr-countdown linear infinite;
}
@keyframes tw-qr-countdown {
  from {
    transform: scaleX(1);
  }
  to {
    transform: scaleX(0);
  }
}
.tw-qr__stale {
  display: flex;
  align-items: center;
  gap: 10px;
  width: min(400px, 100%);
  padding: 10px 10px 10px 14px;
  border-radius: var(--tw-radius);
  background: var(--tw-danger-soft);
  color: var(--tw-fg);
  font-size: 14px;
  text-align: left;
}
.tw-qr__stale > svg {
  flex: none;
  color: var(--tw-danger);
}
.tw-qr__stale > span {
  flex: 1;
}
.tw-qr__stale .tw-button {
  flex: none;
}
.tw-qr__note {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--tw-muted);
  font-size: 13px;
}
.tw-sheet {
  position: fixed;
  inset: 0;
  z-index: 2147483060;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: var(--tw-bg);
  color: var(--tw-fg);
  animation: tw-rise 0.24s var(--tw-ease);
}
.tw-sheet:focus {
  outline: none;
}
.tw-sheet__inner {
  display: grid;
  gap: 18px;
  max-width: var(--tw-content);
  margin: 0 auto;
  padding: 0 16px 40px;
}
.tw-sheet__top {
  /* The close button stays at hand while the panel scrolls. */
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  justify-content: flex-end;
  margin: 0 -16px -8px;
  padding: 6px 8px;
  background: var(--tw-bg);
}
.tw-benefit-list {
  display: grid;
  gap: 10px;
}
.tw-benefit-list__item {
  display: flex;
  align-items: flex-start;
  gap: 14px;
  padding: 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-benefit-list__icon {
  display: grid;
  place-items: center;
  flex: none;
  width: 44px;
  height: 44px;
  border-radius: 14px;
  background: var(--tw-primary-soft);
  color: var(--tw-primary);
}
.tw-benefit-list__title {
  font-size: 16px;
  font-weight: 650;
  line-height: 1.35;
}
.tw-benefit-list__text {
  margin-top: 2px;
  color: var(--tw-muted);
  font-size: 14px;
}
.tw-learn-more__note {
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px 14px;
  border-radius: var(--tw-radius);
  background: var(--tw-surface-2);
  font-size: 14px;
}
.tw-learn-more__note > svg {
  flex: none;
  margin-top: 1px;
  color: var(--tw-primary);
}
.tw-learn-more__help {
  color: var(--tw-muted);
  font-size: 14px;
  text-align: center;
}
.tw-learn-more__help a {
  display: inline-flex;
  align-items: center;
  gap: 4px;
  font-weight: 600;
}
@media (min-width: 481px) {
  .tw-qr__frame {
    width: min(304px, 100%);
    padding: 16px;
  }
  .tw-sheet__inner {
    gap: 22px;
    padding: 12px 24px 56px;
  }
  .tw-sheet__top {
    margin: 0 -24px -8px;
    padding: 6px 16px;
  }
  .tw-learn-more .tw-button--block {
    justify-self: center;
    width: auto;
    min-width: 220px;
  }
  .tw-benefit-list__item {
    padding: 18px 20px;
  }
}
@media (prefers-reduced-motion: reduce) {
  /* A bar that jumps to empty says nothing; the note below still tells how often the code changes. */
  .tw-qr__timer {
    visibility: hidden;
  }
}
`;
