// The statecharts' prose: `...doc('…')` on states, transitions and `meta`. It documents the machines for the
// visualiser and the model tests' path names, and a production bundle does not need it: the wallet imports it as a
// Parcel macro (`with { type: 'macro' }`), which runs at build time and leaves the text out of production builds
// (docs/decisions/0028-bundle-budget.md). Under vitest and in development it is an
// ordinary call that answers `{ description }`. Set TW_KEEP_DOCS=1 to keep the text in a production build.
//
// It answers an object to spread rather than the text: a production build then spreads `{}`, which the minifier
// removes, where a `description: undefined` key stayed in the bundle, 25 of them before the first panel.
export function doc(text: string): { description?: string } {
  return process.env.NODE_ENV === 'production' && !process.env.TW_KEEP_DOCS ? {} : { description: text };
}
