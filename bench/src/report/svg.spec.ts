import { rssOverTimeSvg } from './svg';
import type { SoakResult } from './result';

const soak = (rssMiB: SoakResult['rssMiB']): SoakResult => ({
  target: 'standalone',
  fanOut: 10,
  rate: 80,
  durationMs: 300_000,
  warmUpS: 120,
  errors: 0,
  stealPct: 0,
  latency: { count: 24_000, p50: 6, p90: 12, p99: 25, max: 60, mean: 7 },
  rssMiB,
});

const pointsOf = (svg: string): string[] => [...svg.matchAll(/<polyline [^>]*points="([^"]*)"/g)].map((m) => m[1]);

describe('rssOverTimeSvg (a soak without a sweep)', () => {
  it('should draw the RSS and the data directory over time, the warm-up marked, on axes that hold the largest sample', () => {
    const svg = rssOverTimeSvg(
      soak([
        { atS: 0, rssMiB: 900, diskMiB: 39 },
        { atS: 120, rssMiB: 620, diskMiB: 150 },
        { atS: 420, rssMiB: 656, diskMiB: 488 },
      ]),
      'Memory over the soak',
    );

    const [rss, disk] = pointsOf(svg);
    expect(rss.split(' ')).toHaveLength(3);
    expect(disk.split(' ')).toHaveLength(3);
    expect(svg).toContain('measured from here');
    expect(svg).toContain('RSS, standalone at 80/s');
    expect(svg).toContain('data directory');
    expect(svg).not.toContain('p99 limit');
    // Every point lies inside the plot: the y axis reaches past 900 MiB, and the last sample (420 s) is at its right edge.
    const ys = rss.split(' ').map((p) => Number(p.split(',')[1]));
    expect(Math.min(...ys)).toBeGreaterThan(40);
    expect(Number(rss.split(' ')[2].split(',')[0])).toBeCloseTo(900 - 230, 0);
  });

  it('should leave the data directory out when the product had none', () => {
    const svg = rssOverTimeSvg(
      soak([
        { atS: 0, rssMiB: 300 },
        { atS: 60, rssMiB: 310 },
      ]),
      'Memory over the soak',
    );

    expect(pointsOf(svg)).toHaveLength(1);
    expect(svg).not.toContain('data directory');
  });
});
