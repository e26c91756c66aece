// The request's logger made at its first line (src/server/http/request-logger.ts): the same lines as pino's child,
// bindings included, and no child at all for a request that writes none.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from '../../src/server/http/request-logger';

function parent(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('lazyChildLogger', () => {
  it('makes no child for lines below the level, and writes nothing', () => {
    const { logger, lines } = parent('warn');
    const log = lazyChildLogger(logger, { reqId: 'a' }, {});
    log.info('below');
    log.debug({ x: 1 }, 'below too');
    expect((log as unknown as { made?: unknown }).made).toBeUndefined();
    expect(log.level).toBe('warn');
    expect(lines).toEqual([]);
  });

  it('writes a line at an enabled level with the bindings, as pino child would', () => {
    const { logger, lines } = parent('info');
    const log = lazyChildLogger(logger, { reqId: 'b' }, {});
    log.info({ code: 'x' }, 'one %s', 'two');
    log.error(new Error('boom'), 'failed');
    const eager = logger.child({ reqId: 'b' });
    eager.info({ code: 'x' }, 'one %s', 'two');
    expect(lines[0]).toMatchObject({ reqId: 'b', code: 'x', msg: 'one two', level: 30 });
    expect(lines[1]).toMatchObject({ reqId: 'b', msg: 'failed', level: 50, err: { message: 'boom' } });
    const { time: _a, ...lazyLine } = lines[0]!;
    const { time: _b, ...eagerLine } = lines[2]!;
    expect(lazyLine).toEqual(eagerLine);
  });

  it('gives a route with its own level its child at once', () => {
    const { logger, lines } = parent('info');
    const log = lazyChildLogger(logger, { reqId: 'c' }, { level: 'warn' });
    log.info('quiet here');
    log.warn('heard');
    expect(log.level).toBe('warn');
    expect(lines.map((line) => line.msg)).toEqual(['heard']);
  });

  it('lets the level be changed and children be made', () => {
    const { logger, lines } = parent('warn');
    const log = lazyChildLogger(logger, { reqId: 'd' }, {});
    log.level = 'debug';
    log.debug('now written');
    log.child({ part: 'inner' }).info('from the child');
    expect(lines.map((line) => [line.reqId, line.msg, line.part])).toEqual([
      ['d', 'now written', undefined],
      ['d', 'from the child', 'inner'],
    ]);
  });
});
