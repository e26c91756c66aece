// Lets Node scripts (tsx) import the machines, which import their prose helper as a Parcel macro
// (`import { doc } from './doc' with { type: 'macro' }`): Node refuses the unknown import attribute, so this hook
// drops it and the helper runs as an ordinary function, as it does under vitest. Used as `tsx --import ./scripts/macro-imports.mjs`.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (context.importAttributes?.type !== 'macro') return next(specifier, context);
  const { type: _type, ...importAttributes } = context.importAttributes;
  const result = await next(specifier, { ...context, importAttributes });
  return { ...result, importAttributes };
}`)}`,
  import.meta.url,
);
