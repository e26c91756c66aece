// `import css from 'bundle-text:./x.css'`: Parcel inlines the processed (minified) file as a string; vitest does the
// same through the plugin in vitest.config.ts.
declare module 'bundle-text:*' {
  const text: string;
  export default text;
}
