// Palettes and the base reset of the wallet. All wallet CSS lives inside the shadow root (src/embed/mount.tsx);
// sizes are in px, never rem, because rem follows the host page's root font size.
export const tokensCss = /* css */ `
:host {
  all: initial;
  display: block;
}
.tw-root {
  all: initial;
  display: block;
  box-sizing: border-box;
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans",
    "Liberation Sans", Arial, sans-serif;
  font-size: 15px;
  line-height: 1.5;
  font-weight: 400;
  letter-spacing: normal;
  text-align: left;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
  color: var(--tw-fg);
  color-scheme: light;

  --tw-bg: #f5f6fa;
  --tw-surface: #ffffff;
  --tw-surface-2: #f0f2f7;
  --tw-surface-3: #e6e9f1;
  --tw-fg: #141722;
  --tw-muted: #5f6677;
  --tw-subtle: #8a91a3;
  --tw-border: #e2e5ed;
  --tw-border-strong: #cdd2de;
  --tw-primary: #4f46e5;
  --tw-primary-hover: #4338ca;
  --tw-primary-soft: #eeedfd;
  --tw-primary-fg: #ffffff;
  --tw-danger: #d92d20;
  --tw-danger-soft: #fdecea;
  --tw-success: #079455;
  --tw-success-soft: #e5f6ee;
  --tw-overlay: rgba(16, 19, 30, 0.48);
  --tw-focus: 0 0 0 3px rgba(79, 70, 229, 0.35);
  --tw-shadow-sm: 0 1px 2px rgba(16, 24, 40, 0.06);
  --tw-shadow: 0 1px 3px rgba(16, 24, 40, 0.08), 0 8px 24px rgba(16, 24, 40, 0.06);
  --tw-shadow-lg: 0 20px 48px rgba(16, 24, 40, 0.18);
  --tw-radius-sm: 8px;
  --tw-radius: 12px;
  --tw-radius-lg: 18px;
  --tw-content: 640px;
  --tw-ease: cubic-bezier(0.2, 0.8, 0.2, 1);
}
.tw-root[data-theme='dark'] {
  color-scheme: dark;
  --tw-bg: #0c0e14;
  --tw-surface: #151821;
  --tw-surface-2: #1c202b;
  --tw-surface-3: #262b38;
  --tw-fg: #eceef4;
  --tw-muted: #a0a7b8;
  --tw-subtle: #737b8f;
  --tw-border: #272c38;
  --tw-border-strong: #363c4b;
  --tw-primary: #8b85ff;
  --tw-primary-hover: #a29dff;
  --tw-primary-soft: #25234a;
  --tw-primary-fg: #0c0e14;
  --tw-danger: #ff7a6e;
  --tw-danger-soft: #3a1c1a;
  --tw-success: #3ccb8a;
  --tw-success-soft: #12301f;
  --tw-overlay: rgba(0, 0, 0, 0.6);
  --tw-focus: 0 0 0 3px rgba(139, 133, 255, 0.45);
  --tw-shadow-sm: 0 1px 2px rgba(0, 0, 0, 0.4);
  --tw-shadow: 0 1px 3px rgba(0, 0, 0, 0.5), 0 8px 24px rgba(0, 0, 0, 0.35);
  --tw-shadow-lg: 0 24px 56px rgba(0, 0, 0, 0.6);
}
.tw-root *,
.tw-root *::before,
.tw-root *::after {
  box-sizing: border-box;
}
.tw-root :where(h1, h2, h3, h4, p, ul, ol, figure) {
  margin: 0;
  padding: 0;
}
.tw-root :where(ul, ol) {
  list-style: none;
}
.tw-root :where(button, input, select, textarea) {
  font: inherit;
  color: inherit;
  letter-spacing: inherit;
}
.tw-root :where(img, svg) {
  display: block;
  max-width: 100%;
}
.tw-root :where(a) {
  color: var(--tw-primary);
  text-decoration: none;
}
.tw-root :where(a:hover) {
  text-decoration: underline;
}
.tw-root :where(:focus-visible) {
  outline: 2px solid var(--tw-primary);
  outline-offset: 2px;
}
.tw-sr-only {
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
.tw-muted {
  color: var(--tw-muted);
}
@media (prefers-reduced-motion: reduce) {
  .tw-root *,
  .tw-root *::before,
  .tw-root *::after {
    animation-duration: 1ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 1ms !important;
  }
}
`;
