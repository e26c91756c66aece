// The organiser's HTML: only a whitelist of text tags survives, no attribute but an absolute http(s) href on <a>,
// scripts and the like vanish with their content, and nothing is ever set as innerHTML.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { htmlToText, SafeHtml, safeHref, sanitizeHtml } from '../../src/web/safe-html';

const markup = (html: string) => render(<SafeHtml html={html} />).container.firstElementChild!.innerHTML;

describe('sanitizeHtml', () => {
  it('keeps paragraphs, lists, emphasis and line breaks', () => {
    expect(markup('<p>Gates open at <strong>11 am</strong>.<br>Bring ID.</p><ul><li>One</li><li><em>Two</em></li></ul>')).toBe(
      '<p>Gates open at <strong>11 am</strong>.<br>Bring ID.</p><ul><li>One</li><li><em>Two</em></li></ul>',
    );
  });

  it('drops every attribute: styles, classes, event handlers', () => {
    expect(markup('<p style="color:red" class="x" onclick="alert(1)" id="p">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('removes scripts, styles, frames and forms with their content', () => {
    expect(
      markup('<p>A</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.test"></iframe><form><button>Go</button></form><p>B</p>'),
    ).toBe('<p>A</p><p>B</p>');
  });

  it('replaces other elements by their text (images and SVG leave nothing)', () => {
    expect(markup('<div><span>Text</span><img src=x onerror="alert(1)"><svg><text>t</text></svg><font>more</font></div>')).toBe('Textmore');
  });

  it('keeps absolute http(s) links, opening in a new tab without the opener', () => {
    expect(markup('<a href="https://example.com/help" title="t">help</a>')).toBe(
      '<a href="https://example.com/help" target="_blank" rel="noopener noreferrer nofollow">help</a>',
    );
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>x</b>', '/relative', '//evil.test/x', 'vbscript:x', 'https://'])(
    'unwraps a link to %s',
    (href) => {
      expect(markup(`<a href="${href}">text</a>`)).toBe('text');
    },
  );

  it('keeps text that looks like markup as text', () => {
    expect(markup('<p>1 &lt; 2 &amp; &lt;script&gt;</p>')).toBe('<p>1 &lt; 2 &amp; &lt;script&gt;</p>');
  });

  it('answers plain nodes the view can render', () => {
    expect(sanitizeHtml('<p>Hi <a href="http://x.test/">x</a></p>')).toEqual([
      { tag: 'p', children: ['Hi ', { tag: 'a', href: 'http://x.test/', children: ['x'] }] },
    ]);
  });
});

describe('helpers', () => {
  it('safeHref normalises allowed links and refuses the rest', () => {
    expect(safeHref('HTTPS://Example.com')).toBe('https://example.com/');
    expect(safeHref('mailto:a@b.c')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it('htmlToText (no DOM) strips tags and scripts', () => {
    expect(htmlToText('<p>Hi <b>there</b></p><script>alert(1)</script>')).toBe('Hi there');
  });
});
