// An incremental parser of `text/event-stream` (the WHATWG "event stream interpretation"), for the wallet's
// fetch-based stream: the browser's EventSource cannot send an Authorization header. Chunks may split anywhere, even
// between the CR and LF of one line break; decoding bytes to text (a TextDecoder in stream mode) is the caller's.

export interface ServerSentEvent {
  /** The `event:` field, 'message' when the block had none. */
  event: string;
  /** The `data:` lines joined with a line feed. */
  data: string;
  /** The last event id at dispatch (the `id:` of this block or of an earlier one); '' when none was ever sent. */
  lastEventId: string;
}

export interface SseParser {
  /** Feeds the next piece of text; complete blocks are dispatched at once. */
  push(text: string): void;
}

export interface SseHandlers {
  onEvent(event: ServerSentEvent): void;
  /** A comment line (`: heartbeat`), without its colon. */
  onComment?(text: string): void;
  /** A valid `retry:` field: the reconnection time the server asks for, in milliseconds. */
  onRetry?(milliseconds: number): void;
}

export function createSseParser(handlers: SseHandlers): SseParser {
  let buffer = '';
  let firstChunk = true;
  /** The previous chunk ended in CR: an LF at the start of the next one belongs to that line break. */
  let skipLeadingLf = false;
  let data = '';
  let hasData = false;
  let eventName = '';
  let lastEventId = '';

  function dispatch() {
    if (hasData) handlers.onEvent({ event: eventName || 'message', data, lastEventId });
    data = '';
    hasData = false;
    eventName = '';
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return handlers.onComment?.(text.slice(1).replace(/^ /, ''));
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      data = hasData ? `${data}\n${value}` : value;
      hasData = true;
    } else if (field === 'event') eventName = value;
    else if (field === 'id') {
      if (!value.includes('\0')) lastEventId = value;
    } else if (field === 'retry') {
      if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
    }
    // Any other field is ignored, as the standard says.
  }

  return {
    push(text) {
      if (firstChunk && text.length > 0) {
        firstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
  };
}
