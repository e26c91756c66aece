// Benefits: the rows of the single ticket, the benefit icon in the organiser's colours, and the benefit modal with
// its redeem code.
export const benefitsCss = /* css */ `
.tw-benefits {
  display: grid;
  gap: 10px;
}
.tw-benefit {
  display: flex;
  align-items: center;
  gap: 14px;
  width: 100%;
  padding: 14px 14px 14px 16px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  color: var(--tw-fg);
  text-align: left;
  cursor: pointer;
  transition: border-color 0.15s, box-shadow 0.15s;
}
.tw-benefit:hover {
  border-color: var(--tw-border-strong);
  box-shadow: var(--tw-shadow);
}
.tw-benefit[data-used='true'] .tw-benefit-icon {
  filter: grayscale(1);
  opacity: 0.6;
}
.tw-benefit__text {
  display: grid;
  flex: 1;
  gap: 2px;
  min-width: 0;
}
.tw-benefit__name {
  font-weight: 650;
  line-height: 1.3;
}
.tw-benefit__short {
  color: var(--tw-muted);
  font-size: 14px;
  line-height: 1.4;
}
.tw-benefit__meta {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 6px;
}
.tw-benefit__amount {
  color: var(--tw-subtle);
  font-size: 13px;
}
.tw-benefit__chevron {
  flex: none;
  color: var(--tw-subtle);
}
.tw-benefit-icon {
  --tw-benefit-fg: var(--tw-primary);
  --tw-benefit-bg: var(--tw-primary-soft);
  display: grid;
  place-items: center;
  flex: none;
  border-radius: 14px;
  background: var(--tw-benefit-bg);
  color: var(--tw-benefit-fg);
}
.tw-root[data-theme='dark'] .tw-benefit-icon {
  /* The organiser's pastel backgrounds glare on a dark surface: tint the surface with the icon colour instead. */
  background: color-mix(in srgb, var(--tw-benefit-fg) 24%, var(--tw-surface-2));
  color: color-mix(in srgb, var(--tw-benefit-fg) 65%, #fff);
}
.tw-modal:has(.tw-benefit-detail) {
  max-height: calc(100vh - 24px);
  overflow-y: auto;
  overscroll-behavior: contain;
}
.tw-benefit-detail {
  display: grid;
  gap: 16px;
  margin-top: 16px;
}
.tw-benefit-detail__meta {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
}
.tw-benefit-detail__valid {
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--tw-muted);
  font-size: 13px;
  font-weight: 500;
}
.tw-benefit-detail__hint {
  padding: 12px 14px;
  border-radius: var(--tw-radius);
  background: var(--tw-primary-soft);
  color: var(--tw-fg);
  font-size: 14px;
}
.tw-benefit-detail__full {
  padding-top: 16px;
  border-top: 1px solid var(--tw-border);
  color: var(--tw-muted);
  font-size: 14px;
}
.tw-code {
  display: grid;
  gap: 6px;
  padding: 14px;
  border: 1px dashed color-mix(in srgb, var(--tw-primary) 55%, var(--tw-border));
  border-radius: var(--tw-radius);
  background: var(--tw-primary-soft);
}
.tw-code__label {
  color: var(--tw-muted);
  font-size: 12px;
  font-weight: 650;
  letter-spacing: 0.05em;
  text-transform: uppercase;
}
.tw-code__value {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 10px 12px;
  border: 1px solid var(--tw-border-strong);
  border-radius: var(--tw-radius-sm);
  background: var(--tw-surface);
  color: var(--tw-fg);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 20px;
  font-weight: 650;
  letter-spacing: 0.12em;
  cursor: copy;
  user-select: all;
}
.tw-code__value span {
  overflow-wrap: anywhere;
}
.tw-code__value svg {
  flex: none;
  color: var(--tw-primary);
}
.tw-code__value:hover {
  border-color: var(--tw-primary);
}
.tw-code__hint {
  color: var(--tw-muted);
  font-size: 13px;
}
@media (min-width: 481px) {
  .tw-modal:has(.tw-benefit-detail) {
    max-width: 520px;
    max-height: calc(100vh - 48px);
  }
}
`;
