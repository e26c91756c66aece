// Cards, screen headings, avatar, skeleton and the one-time-code slots.
export const surfacesCss = /* css */ `
.tw-card {
  padding: 24px 20px;
  border: 1px solid var(--tw-border);
  border-radius: var(--tw-radius-lg);
  background: var(--tw-surface);
  box-shadow: var(--tw-shadow-sm);
}
.tw-screen {
  display: grid;
  gap: 20px;
  animation: tw-rise 0.28s var(--tw-ease);
}
@keyframes tw-rise {
  from {
    opacity: 0;
    transform: translateY(6px);
  }
}
.tw-screen__head {
  display: grid;
  gap: 6px;
}
.tw-title {
  font-size: 24px;
  font-weight: 700;
  line-height: 1.25;
  letter-spacing: -0.02em;
}
.tw-subtitle {
  color: var(--tw-muted);
  font-size: 15px;
}
.tw-strong {
  color: var(--tw-fg);
  font-weight: 600;
  overflow-wrap: anywhere;
}
.tw-inline-note {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 6px;
  color: var(--tw-muted);
  font-size: 14px;
}
.tw-form {
  display: grid;
  gap: 16px;
}
.tw-back {
  justify-self: start;
  margin-left: -6px;
  padding: 6px 8px;
  border-radius: var(--tw-radius-sm);
  color: var(--tw-muted);
  font-weight: 500;
}
.tw-back:hover:not(:disabled) {
  color: var(--tw-fg);
  background: var(--tw-surface-2);
  text-decoration: none;
}
.tw-avatar {
  display: grid;
  place-items: center;
  flex: none;
  overflow: hidden;
  border-radius: 999px;
  background: linear-gradient(135deg, #c7d2fe, #f5d0fe);
  color: #312e81;
  font-weight: 700;
  letter-spacing: 0.02em;
  user-select: none;
}
.tw-root[data-theme='dark'] .tw-avatar {
  background: linear-gradient(135deg, #3b3a8f, #6d2f8e);
  color: #e8e7ff;
}
.tw-avatar img {
  width: 100%;
  height: 100%;
  object-fit: cover;
}
.tw-skeleton {
  display: block;
  border-radius: var(--tw-radius-sm);
  background: linear-gradient(90deg, var(--tw-surface-2) 25%, var(--tw-surface-3) 50%, var(--tw-surface-2) 75%);
  background-size: 200% 100%;
  animation: tw-shimmer 1.4s ease-in-out infinite;
}
@keyframes tw-shimmer {
  from {
    background-position: 200% 0;
  }
  to {
    background-position: -200% 0;
  }
}
.tw-hash {
  color: var(--tw-muted);
  font-weight: 400;
}
.tw-otp {
  position: relative;
  display: grid;
  grid-template-columns: repeat(6, 1fr);
  gap: 8px;
  max-width: 360px;
}
.tw-otp__slot {
  display: grid;
  place-items: center;
  height: 54px;
  border: 1px solid var(--tw-border-strong);
  border-radius: var(--tw-radius);
  background: var(--tw-surface);
  font-size: 22px;
  font-weight: 650;
  font-variant-numeric: tabular-nums;
  transition: border-color 0.15s, box-shadow 0.15s;
}
.tw-otp__slot[data-active='true'] {
  border-color: var(--tw-primary);
  box-shadow: var(--tw-focus);
}
.tw-otp[data-invalid='true'] .tw-otp__slot {
  border-color: var(--tw-danger);
}
.tw-otp__caret {
  width: 2px;
  height: 24px;
  background: var(--tw-primary);
  animation: tw-blink 1s steps(1) infinite;
}
@keyframes tw-blink {
  50% {
    opacity: 0;
  }
}
.tw-otp__input {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  background: transparent;
  color: transparent;
  caret-color: transparent;
  font-size: 16px;
  letter-spacing: 40px;
  opacity: 0.01;
  cursor: text;
}
.tw-otp__input:focus {
  outline: none;
}
@media (min-width: 481px) {
  .tw-card {
    padding: 32px;
  }
  .tw-title {
    font-size: 28px;
  }
}
`;
