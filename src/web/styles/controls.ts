// Buttons, form fields, the one-time-code input, tooltip, select and segmented control.
export const controlsCss = /* css */ `
.tw-button {
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  padding: 10px 18px;
  border: 1px solid transparent;
  border-radius: var(--tw-radius);
  font-size: 15px;
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s var(--tw-ease), border-color 0.15s var(--tw-ease), transform 0.1s;
}
.tw-button:active:not(:disabled) {
  transform: translateY(1px);
}
.tw-button:disabled {
  cursor: not-allowed;
  opacity: 0.55;
}
.tw-button[aria-busy='true'] {
  cursor: progress;
  opacity: 0.85;
}
.tw-button--block {
  width: 100%;
}
.tw-button--primary {
  background: var(--tw-primary);
  color: var(--tw-primary-fg);
}
.tw-button--primary:hover:not(:disabled) {
  background: var(--tw-primary-hover);
}
.tw-button--secondary {
  background: var(--tw-surface);
  border-color: var(--tw-border-strong);
  color: var(--tw-fg);
}
.tw-button--secondary:hover:not(:disabled) {
  background: var(--tw-surface-2);
}
.tw-button--ghost {
  background: transparent;
  color: var(--tw-fg);
}
.tw-button--ghost:hover:not(:disabled) {
  background: var(--tw-surface-2);
}
.tw-button--danger {
  background: var(--tw-danger);
  color: #fff;
}
.tw-root[data-theme='dark'] .tw-button--danger {
  color: #1d0d0b;
}
.tw-button--danger:hover:not(:disabled) {
  filter: brightness(0.94);
}
.tw-button--small {
  min-height: 36px;
  padding: 6px 12px;
  font-size: 14px;
  border-radius: 10px;
}
.tw-link-button {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 0;
  border: 0;
  background: none;
  color: var(--tw-primary);
  font-weight: 600;
  cursor: pointer;
}
.tw-link-button:hover:not(:disabled) {
  text-decoration: underline;
}
.tw-link-button:disabled {
  color: var(--tw-subtle);
  cursor: not-allowed;
}
.tw-icon-button {
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--tw-fg);
  cursor: pointer;
}
.tw-icon-button:hover {
  background: var(--tw-surface-2);
}
.tw-spinner {
  width: 18px;
  height: 18px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: tw-spin 0.7s linear infinite;
}
@keyframes tw-spin {
  to {
    transform: rotate(360deg);
  }
}
.tw-field {
  display: grid;
  gap: 6px;
}
.tw-field__label {
  display: flex;
  align-items: center;
  gap: 6px;
  font-size: 14px;
  font-weight: 600;
  color: var(--tw-fg);
}
.tw-input {
  width: 100%;
  min-height: 46px;
  padding: 10px 14px;
  border: 1px solid var(--tw-border-strong);
  border-radius: var(--tw-radius);
  background: var(--tw-surface);
  color: var(--tw-fg);
  font-size: 16px;
  transition: border-color 0.15s, box-shadow 0.15s;
}
.tw-input::placeholder {
  color: var(--tw-subtle);
}
.tw-input:hover {
  border-color: var(--tw-subtle);
}
.tw-input:focus {
  outline: none;
  border-color: var(--tw-primary);
  box-shadow: var(--tw-focus);
}
.tw-input[aria-invalid='true'] {
  border-color: var(--tw-danger);
}
.tw-input[aria-invalid='true']:focus {
  box-shadow: 0 0 0 3px color-mix(in srgb, var(--tw-danger) 30%, transparent);
}
.tw-field__message {
  display: flex;
  align-items: flex-start;
  gap: 6px;
  font-size: 13px;
  color: var(--tw-muted);
}
.tw-field__message[data-status='error'] {
  color: var(--tw-danger);
}
.tw-select {
  appearance: none;
  min-height: 36px;
  padding: 6px 30px 6px 12px;
  border: 1px solid var(--tw-border-strong);
  border-radius: 10px;
  background: var(--tw-surface)
    url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 24 24' fill='none' stroke='%238a91a3' stroke-width='2.5' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")
    no-repeat right 10px center;
  color: var(--tw-fg);
  font-size: 14px;
  cursor: pointer;
}
.tw-segmented {
  display: inline-flex;
  padding: 3px;
  border: 1px solid var(--tw-border);
  border-radius: 10px;
  background: var(--tw-surface-2);
}
.tw-segmented__option {
  display: inline-grid;
  place-items: center;
  width: 34px;
  height: 28px;
  border: 0;
  border-radius: 7px;
  background: transparent;
  color: var(--tw-muted);
  cursor: pointer;
}
.tw-segmented__option[aria-checked='true'] {
  background: var(--tw-surface);
  color: var(--tw-fg);
  box-shadow: var(--tw-shadow-sm);
}
.tw-tooltip {
  position: relative;
  display: inline-flex;
}
.tw-tooltip__trigger {
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  padding: 0;
  border: 0;
  border-radius: 999px;
  background: none;
  color: var(--tw-subtle);
  cursor: help;
}
.tw-tooltip__trigger:hover {
  color: var(--tw-fg);
}
.tw-tooltip__bubble {
  position: absolute;
  bottom: calc(100% + 8px);
  left: 50%;
  z-index: 20;
  width: max-content;
  max-width: 240px;
  padding: 8px 12px;
  border-radius: var(--tw-radius-sm);
  background: var(--tw-fg);
  color: var(--tw-bg);
  font-size: 13px;
  font-weight: 400;
  line-height: 1.4;
  box-shadow: var(--tw-shadow);
  transform: translateX(-50%);
}
`;
