// The proxy on its own (compose: in front of the instances): PROXY_PORT, and PROXY_UPSTREAMS, comma-separated base URLs.
import { startProxy } from './proxy';

const upstreams = (process.env.PROXY_UPSTREAMS ?? '').split(',').map((entry) => entry.trim().replace(/\/$/, '')).filter(Boolean);
if (!upstreams.length || upstreams.some((upstream) => !/^https?:\/\/[^/]+$/.test(upstream))) {
  console.error('PROXY_UPSTREAMS must list the instances, e.g. http://app1:3000,http://app2:3000');
  process.exit(1);
}
const port = Number(process.env.PROXY_PORT ?? 8080);
const proxy = await startProxy({ port, upstreams });
console.log(`[proxy] on :${port} → ${upstreams.join(', ')}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}
