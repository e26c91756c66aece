// An organiser's HTML description (a ticket type's) on the demo site's event page (issue 22): its paragraphs and list
// items are kept, everything else of the HTML is not. The description is read into blocks of plain text (tags
// dropped, entities read) and written again as the site's own <p>, <ul>/<ol> and <li>, every text escaped: no
// attribute, link or markup of the organiser's ever reaches the page.
import { escapeHtml } from './page-html';

export type DescriptionBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The characters of HTML entities: the named ones above and every numeric one (an unknown one stays as written). */
function readEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] !== '#') return named[body.toLowerCase()] ?? entity;
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Tags that end a paragraph (or, inside a list item, a line of it). */
const BREAKS = new Set(['p', 'br', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'hr', 'tr']);

/**
 * The description's paragraphs and lists, in order. A nested list's items join the outer list; text outside any
 * paragraph is a paragraph of its own; `<script>` and `<style>` content is dropped whole.
 */
export function descriptionBlocks(html: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  let text = '';
  let list: Extract<DescriptionBlock, { kind: 'list' }> | null = null;
  let depth = 0;
  const endText = () => {
    const line = squeeze(readEntities(text));
    text = '';
    if (!line) return;
    if (list) list.items.push(line);
    else blocks.push({ kind: 'paragraph', text: line });
  };
  const source = html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  for (const [token, closing, name] of source.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>|[^<]+|</gi)) {
    const tag = name?.toLowerCase();
    if (!tag) text += token;
    else if (tag === 'ul' || tag === 'ol') {
      endText();
      if (!closing && depth++ === 0) list = { kind: 'list', ordered: tag === 'ol', items: [] };
      else if (closing && depth > 0 && --depth === 0 && list) {
        if (list.items.length) blocks.push(list);
        list = null;
      }
    } else if (tag === 'li') endText();
    else if (BREAKS.has(tag)) {
      if (list) text += ' ';
      else endText();
    } else if (!closing && (tag === 'td' || tag === 'th')) text += ' ';
  }
  endText();
  if (list?.items.length) blocks.push(list);
  return blocks;
}

/** The description as the site's own escaped paragraphs and lists; '' when it has no text. */
export function descriptionHtml(html: string): string {
  return descriptionBlocks(html)
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}
