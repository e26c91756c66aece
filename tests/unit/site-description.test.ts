// The demo site's ticket descriptions (src/host/site-description.ts, issue 22): the organiser's paragraphs and list
// items stay apart, and nothing of the organiser's markup but their text reaches the page.
import { describe, expect, it } from 'vitest';
import { descriptionBlocks, descriptionHtml } from '../../src/host/site-description';

describe('descriptionBlocks', () => {
  it('keeps a paragraph and the list items after it apart (the seed’s Day Pass)', () => {
    expect(descriptionBlocks('<p>Entry for one day.</p><ul><li>Re-entry allowed until 9 pm</li><li>Children under 12 enter free</li></ul>')).toEqual([
      { kind: 'paragraph', text: 'Entry for one day.' },
      { kind: 'list', ordered: false, items: ['Re-entry allowed until 9 pm', 'Children under 12 enter free'] },
    ]);
  });

  it('splits paragraphs at <br>, keeps an ordered list ordered and joins a nested list’s items to the outer list', () => {
    expect(descriptionBlocks('First line<br>second line<ol><li>one<ul><li>one a</li></ul></li><li>two</li></ol>after')).toEqual([
      { kind: 'paragraph', text: 'First line' },
      { kind: 'paragraph', text: 'second line' },
      { kind: 'list', ordered: true, items: ['one', 'one a', 'two'] },
      { kind: 'paragraph', text: 'after' },
    ]);
  });

  it('reads entities, drops inline tags, scripts, styles and comments, and skips empty paragraphs and lists', () => {
    expect(descriptionBlocks('<p>Fish &amp; <b>chips</b>&nbsp;&#8217;n&#x2019; tea</p><p> </p><ul></ul><script>alert(1)</script><style>p{}</style><!-- x -->')).toEqual([
      { kind: 'paragraph', text: 'Fish & chips ’n’ tea' },
    ]);
  });
});

describe('descriptionHtml', () => {
  it('writes the site’s own paragraphs and list items, every text escaped', () => {
    expect(descriptionHtml('<p onclick="x()">a &lt;img src=x onerror=alert(1)&gt; "b"</p><ul><li><a href="javascript:alert(1)">link</a></li></ul>')).toBe(
      '<p>a &lt;img src=x onerror=alert(1)&gt; &quot;b&quot;</p><ul><li>link</li></ul>',
    );
  });

  it('is empty for a description without text, and plain text becomes one paragraph', () => {
    expect(descriptionHtml('<p></p><br>')).toBe('');
    expect(descriptionHtml('Just text < 5')).toBe('<p>Just text &lt; 5</p>');
  });
});
