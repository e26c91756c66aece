// Modals (a bottom sheet on phones, a centred card from 481 px) and toasts.
export const overlaysCss = /* css */ `
.tw-modal-backdrop {
  position: fixed;
  inset: 0;
  z-index: 2147483100;
  display: grid;
  place-items: end center;
  padding: 0;
  background: var(--tw-overlay);
  animation: tw-fade 0.2s ease-out;
}
.tw-modal {
  width: 100%;
  max-width: 440px;
  padding: 24px 20px 20px;
  border-radius: var(--tw-radius-lg) var(--tw-radius-lg) 0 0;
  background: var(--tw-surface);
  color: var(--tw-fg);
  box-shadow: var(--tw-shadow-lg);
  animation: tw-rise 0.24s var(--tw-ease);
}
.tw-modal__title {
  font-size: 19px;
  font-weight: 700;
}
.tw-modal__body {
  margin-top: 8px;
  color: var(--tw-muted);
}
.tw-modal__actions {
  display: flex;
  flex-direction: column-reverse;
  gap: 10px;
  margin-top: 24px;
}
@keyframes tw-fade {
  from {
    opacity: 0;
  }
}
@media (min-width: 481px) {
  .tw-modal-backdrop {
    place-items: center;
    padding: 24px;
  }
  .tw-modal {
    padding: 28px;
    border-radius: var(--tw-radius-lg);
  }
  .tw-modal__actions {
    flex-direction: row;
    justify-content: flex-end;
  }
}
.tw-toaster {
  position: fixed;
  top: 16px;
  left: 50%;
  z-index: 2147483200;
  display: grid;
  gap: 8px;
  width: min(420px, calc(100vw - 32px));
  transform: translateX(-50%);
  pointer-events: none;
}
.tw-toaster:focus {
  outline: none;
}
.tw-toast {
  display: flex;
  align-items: flex-start;
  gap: 10px;
  padding: 12px 14px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius);
  background: var(--tw-surface);
  color: var(--tw-fg);
  font-size: 14px;
  box-shadow: var(--tw-shadow-lg);
  pointer-events: auto;
  animation: tw-toast-in 0.25s var(--tw-ease);
}
.tw-toast[data-visible='false'] {
  opacity: 0;
  transform: translateY(-8px);
  transition: opacity 0.2s, transform 0.2s;
}
.tw-toast__icon {
  flex: none;
  margin-top: 1px;
}
.tw-toast[data-type='error'] .tw-toast__icon {
  color: var(--tw-danger);
}
.tw-toast[data-type='success'] .tw-toast__icon {
  color: var(--tw-success);
}
.tw-toast__message {
  flex: 1;
}
@keyframes tw-toast-in {
  from {
    opacity: 0;
    transform: translateY(-12px) scale(0.98);
  }
}
`;
