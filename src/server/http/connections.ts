// Slow and greedy clients: the server's own timeouts (Node's http server, set through Fastify's options) and a cap
// on open connections per remote address. What a proxy in front should add is in docs/decisions/0043-hostile-pictures-and-slow-clients.md.
import type { Server, ServerOptions } from 'node:http';
import type { Config } from '../config';

/**
 * Fastify's options for the timeouts: the whole request (headers and a dripped body) within requestTimeout, the
 * headers within headersTimeout, an idle keep-alive connection closed after keepAliveTimeout, a connection on which
 * nothing moves closed after the idle timeout. Node checks the first two every connectionsCheckingInterval (30 s by
 * default); here a fifth of the shorter one, so a slow client is cut off soon after its time.
 */
export function connectionOptions({ connections: c }: Config): {
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  const connectionsCheckingInterval = Math.min(5000, Math.max(50, Math.floor(c.headersTimeoutMs / 5)));
  return {
    requestTimeout: c.requestTimeoutMs,
    keepAliveTimeout: c.keepAliveTimeoutMs,
    connectionTimeout: c.socketIdleTimeoutMs,
    http: { requestTimeout: c.requestTimeoutMs, headersTimeout: c.headersTimeoutMs, connectionsCheckingInterval },
  };
}

/**
 * At most `max` open connections per remote address: one more is closed as soon as it opens. Behind a proxy named by
 * TRUST_PROXY every connection comes from the proxy, so the cap is the proxy's to apply (per client address).
 */
export function capConnectionsPerAddress(server: Server, config: Config): void {
  const max = config.connections.maxPerIp;
  if (max === 0 || config.trustProxy !== false) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
