// The server bench's figures from paired rounds (tests/bench/server.ts): each app round is taken right next to a round
// of its floor, so a machine whose speed drifts slows both rounds of a pair alike; the figure checked against a ratio
// budget is the median of the pairs' ratios, with their lowest and highest as the spread.

/** One autocannon run (tests/bench/load.mjs). */
export interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

export function median(values: number[]): number {
  if (!values.length) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A side's rounds as one run: the median of each figure, and every request, non-2xx answer and error counted. */
export function medianRun(runs: Run[]): Run {
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    total: sum((run) => run.total),
    non2xx: sum((run) => run.non2xx),
    errors: sum((run) => run.errors),
  };
}

/** The ratio of each app round to the floor round paired with it: their median, lowest and highest. */
export function pairedRatio(app: Run[], floor: Run[]): { ratio: number; spread: [number, number] } {
  const ratios = app.map((run, index) => run.requestsPerSecond / floor[index % floor.length]!.requestsPerSecond);
  return { ratio: median(ratios), spread: [Math.min(...ratios), Math.max(...ratios)] };
}
