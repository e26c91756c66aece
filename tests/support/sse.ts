// A small Server-Sent Events reader for the tests of GET /v1/events: opens the stream with the Authorization (and
// optionally Last-Event-ID) header over a real connection, splits the text into blocks and lets a test wait for one.
import { request as httpRequest, type IncomingMessage } from 'node:http';

export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

export interface SseStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** Every block received so far (comment-only blocks included). */
  blocks: SseBlock[];
  /** The `event: wallet` blocks, parsed. */
  walletEvents(): { id: string; type: string; userTicketId?: number; at: string }[];
  /** The body of a refused request (JSON error). */
  text(): string;
  /** Resolves with the first block (already received or to come) that matches; rejects if the stream ends first or after timeoutMs. */
  waitFor(match: (block: SseBlock) => boolean, timeoutMs?: number): Promise<SseBlock>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) block.comments.push(line.slice(1).trim());
    else {
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') block.id = value;
      else if (field === 'event') block.event = value;
      else if (field === 'data') block.data = block.data === undefined ? value : `${block.data}\n${value}`;
      else if (field === 'retry') block.retry = Number(value);
    }
  }
  return block;
}

export function openSse(baseUrl: string, token: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}/v1/events`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers } });
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      const blocks: SseBlock[] = [];
      let raw = '';
      let buffer = '';
      let done = false;
      const waiters = new Set<() => void>();
      const ended = new Promise<void>((resolveEnd) => {
        const finish = () => {
          if (done) return;
          done = true;
          resolveEnd();
          for (const wake of waiters) wake();
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      });
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let boundary: number;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          blocks.push(parseBlock(buffer.slice(0, boundary)));
          buffer = buffer.slice(boundary + 2);
        }
        for (const wake of waiters) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        blocks,
        walletEvents: () => blocks.filter((block) => block.event === 'wallet').map((block) => JSON.parse(block.data!)),
        text: () => raw,
        ended,
        waitFor(match, timeoutMs) {
          return new Promise((resolveWait, rejectWait) => {
            let timer: NodeJS.Timeout | undefined;
            const check = () => {
              const found = blocks.find(match);
              if (found || done) {
                waiters.delete(check);
                clearTimeout(timer);
                if (found) resolveWait(found);
                else rejectWait(new Error(`stream ended without the awaited block; got ${JSON.stringify(blocks)}`));
              }
            };
            if (timeoutMs !== undefined) {
              timer = setTimeout(() => {
                waiters.delete(check);
                rejectWait(new Error(`no awaited block within ${timeoutMs} ms; got ${JSON.stringify(blocks)}`));
              }, timeoutMs);
            }
            waiters.add(check);
            check();
          });
        },
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.end();
  });
}
