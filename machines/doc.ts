// The statecharts' prose: `description: doc('…')` on states and transitions. It documents the machines for the
// visualiser and the model tests' path names, and a production bundle does not need it: the wallet imports it as a
// Parcel macro (`with { type: 'macro' }`), which runs at build time and leaves the text out of production builds
// (docs/decisions.md, "Machine prose stays out of the production bundle"). Under vitest and in development it is an
// ordinary call that answers the text. Set TW_KEEP_DOCS=1 to keep the text in a production build.
export function doc(text: string): string | undefined {
  return process.env.NODE_ENV === 'production' && !process.env.TW_KEEP_DOCS ? undefined : text;
}
