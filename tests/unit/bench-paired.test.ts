// The server bench's paired figures (tests/bench/paired.ts): the median of the pairs' ratios, not the ratio of each
// side's best, is what a budget is checked against.
import { describe, expect, it } from 'vitest';
import { median, medianRun, pairedRatio, type Run } from '../bench/paired';

const run = (requestsPerSecond: number, extra: Partial<Run> = {}): Run => ({ requestsPerSecond, p50: 1, p99: 9, total: requestsPerSecond, non2xx: 0, errors: 0, ...extra });

describe('paired bench figures', () => {
  it('takes the median of an odd and an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('pairs each app round with the floor round of its pair, so a drifting machine leaves the ratio alone', () => {
    // The machine slows down round by round: each pair is slowed alike, the ratio of each pair stays 0.6.
    const app = [run(12_000), run(9_000), run(6_000), run(3_000)];
    const floor = [run(20_000), run(15_000), run(10_000), run(5_000)];
    const { ratio, spread } = pairedRatio(app, floor);
    expect(ratio).toBeCloseTo(0.6);
    expect(spread[0]).toBeCloseTo(0.6);
    expect(spread[1]).toBeCloseTo(0.6);
  });

  it('is not lifted by one lucky app round, as the best of each side would be', () => {
    const app = [run(6_000), run(6_000), run(9_000), run(6_000)];
    const floor = [run(10_000), run(10_000), run(10_000), run(10_000)];
    expect(pairedRatio(app, floor).ratio).toBeCloseTo(0.6);
    expect(Math.max(...app.map((r) => r.requestsPerSecond)) / Math.max(...floor.map((r) => r.requestsPerSecond))).toBeCloseTo(0.9);
  });

  it('reports the spread of the pairs and is not moved by one odd pair', () => {
    const app = [run(10_000), run(10_000), run(10_000), run(10_000)];
    const floor = [run(20_000), run(20_000), run(5_000), run(20_000)];
    const { ratio, spread } = pairedRatio(app, floor);
    expect(ratio).toBeCloseTo(0.5);
    expect(spread).toEqual([0.5, 2]);
  });

  it('sums the errors of every round and takes the median of the figures', () => {
    const merged = medianRun([run(100, { p99: 30, errors: 1 }), run(300, { p99: 10, non2xx: 2 }), run(200, { p99: 20 })]);
    expect(merged).toMatchObject({ requestsPerSecond: 200, p99: 20, total: 600, non2xx: 2, errors: 1 });
  });
});
