// The event-stream parser of the wallet's live updates (src/client/sse.ts): fields, comments, ids, line breaks of
// every kind, and chunks split anywhere.
import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from '../../src/client/sse';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onEvent: (event) => events.push(event),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.push(chunk);
  return { events, comments, retries };
}

const wire = 'id: 7\nevent: wallet\ndata: {"id":"7","type":"entry.used"}\n\n';

describe('event-stream parser', () => {
  it('reads id, event name and data of a block', () => {
    expect(parse([wire]).events).toEqual([{ event: 'wallet', data: '{"id":"7","type":"entry.used"}', lastEventId: '7' }]);
  });

  it('joins several data lines with a line feed and strips one leading space only', () => {
    expect(parse(['data: first\ndata:  second\ndata\n\n']).events).toEqual([
      { event: 'message', data: 'first\n second\n', lastEventId: '' },
    ]);
  });

  it('reports comments (heartbeats) and dispatches nothing for them', () => {
    const { events, comments } = parse([': heartbeat\n\n:\n\n']);
    expect(events).toEqual([]);
    expect(comments).toEqual(['heartbeat', '']);
  });

  it('keeps the last id for later blocks, ignores an id with NUL, and an empty id resets it', () => {
    const { events } = parse(['id: 3\ndata: a\n\ndata: b\n\nid: 4\0x\ndata: c\n\nid\ndata: d\n\n']);
    expect(events.map((event) => event.lastEventId)).toEqual(['3', '3', '3', '']);
  });

  it('dispatches nothing for a block without data, and forgets its event name', () => {
    const { events } = parse(['event: wallet\nid: 9\n\ndata: x\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'x', lastEventId: '9' }]);
  });

  it('accepts CRLF, CR and LF line breaks', () => {
    const { events } = parse(['data: a\r\n\r\ndata: b\r\rdata: c\n\n']);
    expect(events.map((event) => event.data)).toEqual(['a', 'b', 'c']);
  });

  it('gives the same events however the text is split, even between CR and LF', () => {
    const text = `\uFEFF${wire.replace(/\n/g, '\r\n')}: ping\r\n${wire}`;
    const whole = parse([text]).events;
    expect(whole).toHaveLength(2);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole);
    }
    expect(parse([...text]).events).toEqual(whole);
  });

  it('strips a byte order mark only at the very start', () => {
    expect(parse(['\uFEFFdata: a\n\n']).events[0]?.data).toBe('a');
    expect(parse(['data: a\n\n', '\uFEFFdata: b\n\n']).events).toHaveLength(1);
  });

  it('reports a numeric retry field and ignores any other', () => {
    expect(parse(['retry: 2500\nretry: soon\n\n']).retries).toEqual([2500]);
  });

  it('keeps an unfinished block until its blank line arrives', () => {
    const events: ServerSentEvent[] = [];
    const parser = createSseParser({ onEvent: (event) => events.push(event) });
    parser.push('data: a\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toHaveLength(1);
  });
});
