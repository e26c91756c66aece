// One autocannon run for the server bench (tests/bench/server.ts), as its own process so the bench can pin it to a
// core of its own (taskset). argv[2]: JSON { url, connections, seconds, token?, tokensFile? }. With tokensFile (one
// access token a line) each request takes the next token: many holders instead of one. Prints the result as JSON.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const { url, connections, seconds, token, tokensFile } = JSON.parse(process.argv[2]);
const tokens = tokensFile ? readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean) : [];
let next = 0;

const result = await autocannon({
  url,
  connections,
  duration: seconds,
  headers: token ? { authorization: `Bearer ${token}` } : {},
  requests: tokens.length
    ? [
        {
          setupRequest: (request) => {
            const bearer = tokens[next++ % tokens.length];
            return { ...request, headers: { ...request.headers, authorization: `Bearer ${bearer}` } };
          },
        },
      ]
    : undefined,
});

process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
);
