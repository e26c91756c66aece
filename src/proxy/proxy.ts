// A small round-robin reverse proxy for several server instances on one machine (`npm run cluster`) or in compose:
// it sends each request to the next ready instance, adds X-Forwarded-For/-Proto/-Host (the instances trust it
// through TRUST_PROXY) and an X-Request-Id when the client sent none, and streams answers through unbuffered, so
// Server-Sent Events pass as they are written. An instance whose /readyz fails is left out until it is ready again.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import httpProxy from 'http-proxy';

export interface ProxyOptions {
  port: number;
  host?: string;
  /** The instances' base URLs, e.g. http://127.0.0.1:3001. */
  upstreams: string[];
  /** How often each instance's /readyz is asked (ms). */
  checkEveryMs?: number;
  log?: (line: string) => void;
}

export interface RunningProxy {
  server: Server;
  /** The instances now taking requests. */
  ready(): string[];
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

function unavailable(response: ServerResponse): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ statusCode: 503, code: 'api.service_unavailable', message: 'The service is briefly unavailable. Please try again in a moment' });
  response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' }).end(body);
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const log = options.log ?? ((line: string) => console.log(line));
  const isReady = new Map(options.upstreams.map((upstream) => [upstream, true]));
  // xfwd: X-Forwarded-For/-Port/-Proto/-Host; no timeout of its own (streams stay open); no buffering.
  // One keep-alive agent: without it every request opens (and closes) a new connection to its instance, which cost the
  // proxied /settings/qr 94% of its throughput in the bench (docs/performance.md).
  const agent = new Agent({ keepAlive: true });
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: false, proxyTimeout: 0, agent });
  let next = 0;

  const pick = (skip: Set<string>): string | undefined => {
    const candidates = options.upstreams.filter((upstream) => isReady.get(upstream) && !skip.has(upstream));
    const pool = candidates.length ? candidates : options.upstreams.filter((upstream) => !skip.has(upstream));
    if (!pool.length) return undefined;
    next = (next + 1) % pool.length;
    return pool[next];
  };

  const forward = (request: IncomingMessage, response: ServerResponse, tried: Set<string>) => {
    const target = pick(tried);
    if (!target) return unavailable(response);
    tried.add(target);
    proxy.web(request, response, { target }, (error: NodeJS.ErrnoException) => {
      // Nothing reached the instance (it is down or restarting): the next one gets a request without a body. One with
      // a body was read into the failed attempt and cannot be replayed: it answers 503, and the client may retry.
      // A kept-alive connection the instance has just closed fails the same way (ECONNRESET) before any answer.
      const replayable = request.method === 'GET' || request.method === 'HEAD';
      const unreached = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET';
      if (unreached && replayable && !response.headersSent && tried.size < options.upstreams.length) {
        if (error.code === 'ECONNREFUSED') isReady.set(target, false);
        return forward(request, response, tried);
      }
      log(`[proxy] ${request.method} ${request.url} → ${target}: ${error.message}`);
      unavailable(response);
    });
  };

  const server = createServer((request, response) => {
    const id = request.headers['x-request-id'];
    if (typeof id !== 'string' || !REQUEST_ID.test(id)) request.headers['x-request-id'] = randomUUID();
    forward(request, response, new Set());
  });
  // Long-lived answers (event streams) must not be cut by the proxy's own timeouts; the instances apply theirs.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;

  const check = async () => {
    await Promise.all(
      options.upstreams.map(async (upstream) => {
        const ready = await fetch(`${upstream}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
          (answer) => answer.ok,
          () => false,
        );
        if (ready !== isReady.get(upstream)) log(`[proxy] ${upstream} ${ready ? 'ready' : 'not ready'}`);
        isReady.set(upstream, ready);
      }),
    );
  };
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 1_000);
  timer.unref();
  await check();
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  return {
    server,
    ready: () => options.upstreams.filter((upstream) => isReady.get(upstream)),
    async close() {
      clearInterval(timer);
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
      agent.destroy();
    },
  };
}
