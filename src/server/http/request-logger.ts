// The request's logger, made only when the request writes a line. Fastify gives every request a pino child logger
// bound to its reqId, and pino serializes the bindings when the child is made (about 2 µs a request in the profiles
// of docs/performance.md, "The fixed cost of a request"), even when nothing is logged: at LOG_LEVEL=warn a request
// that succeeds writes no line. This stand-in holds the parent and the bindings and makes the child at the first line
// at an enabled level, so every line still carries the reqId; a line below the level costs a level check.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** What the parent must offer (pino's logger does). */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bound: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child, made at the first line written. */
  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bound, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.made || this.parent.isLevelEnabled(level)) (this.logger[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.made ? (this.made as Parent).isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  bindings(): Bindings {
    return this.made ? (this.made as unknown as { bindings(): Bindings }).bindings() : { ...(this.parent as unknown as { bindings(): Bindings }).bindings(), ...this.bound };
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  // Methods on the prototype, not arrow fields: nothing is allocated per request beyond the one object.
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's childLoggerFactory: the request's logger, made at its first line. A route with its own log level or
 * serializers (the probes) gets its child at once, as Fastify would make it.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new RequestLogger(logger as Parent, bindings, options) as unknown as FastifyBaseLogger;
}
