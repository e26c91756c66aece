// The organiser's HTML (ticket and benefit descriptions) as React elements, never as innerHTML: a small whitelist
// of text tags survives, every attribute is dropped except an absolute http(s) href on <a>, script-like elements go
// with their content, and any other element is replaced by its text. Without DOMParser the HTML is shown as text.
import { registerStyles } from './style-sheets';
import { createElement, type ReactElement, type ReactNode } from 'react';
import safeHtmlCss from 'bundle-text:./safe-html.css';

registerStyles(safeHtmlCss);

export type SafeNode = string | { tag: AllowedTag; href?: string; children: SafeNode[] };

const allowedTags = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'a', 'blockquote', 'h3', 'h4'] as const;
type AllowedTag = (typeof allowedTags)[number];

/** Elements whose content is not text a person should read (or must never run). */
const droppedWithContent = new Set([
  'script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'head', 'title', 'textarea', 'select', 'button', 'form',
]);

const isAllowed = (tag: string): tag is AllowedTag => (allowedTags as readonly string[]).includes(tag);

/** An absolute http(s) URL, else null (javascript:, data:, relative and protocol-relative links are refused). */
export function safeHref(value: string | null): string | null {
  if (!value || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function convert(node: Node): SafeNode[] {
  if (node.nodeType === 3 /* text */) return node.textContent ? [node.textContent] : [];
  if (node.nodeType !== 1 /* element */) return [];
  const element = node as Element;
  const tag = element.localName.toLowerCase();
  if (droppedWithContent.has(tag)) return [];
  const children = [...element.childNodes].flatMap(convert);
  if (!isAllowed(tag)) return children;
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href'));
    return href ? [{ tag, href, children }] : children;
  }
  return [{ tag, children: tag === 'br' ? [] : children }];
}

/** Parses HTML into whitelisted nodes. The parsed document is inert: nothing in it loads or runs. */
export function sanitizeHtml(html: string): SafeNode[] {
  if (typeof DOMParser === 'undefined') return [htmlToText(html)];
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.body.childNodes].flatMap(convert);
}

/** The text of an HTML fragment, tags removed (the fallback without a DOM). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function render(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    if (node.tag === 'br') return createElement('br', { key: index });
    const props: Record<string, unknown> = { key: index };
    if (node.tag === 'a') Object.assign(props, { href: node.href, target: '_blank', rel: 'noopener noreferrer nofollow' });
    return createElement(node.tag, props, ...render(node.children));
  });
}

export function SafeHtml({ html, className }: { html: string; className?: string }): ReactElement {
  return <div className={['tw-rich-text', className ?? ''].filter(Boolean).join(' ')}>{render(sanitizeHtml(html))}</div>;
}
