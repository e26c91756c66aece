// What the demo site's server-rendered pages (the share page, the swap checkout) share: their translate function's
// type, escaping text into HTML, and data written into a <script type="application/json"> element.
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
