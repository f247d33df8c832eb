// The run's chart, drawn by hand as SVG. A sweep's: the latency-versus-rate curve, p99 (solid) and p50 (dashed) of
// webhook-to-last-order latency against the offered rate (log scale), one colour per system and fan-out, the 250 ms
// limit marked. A soak's (no sweep): the product's RSS and its data directory over time, the warm-up's end marked.
import type { SweepResult } from '../sweep';
import type { SoakResult } from './result';

const W = 900;
const H = 520;
const M = { l: 70, r: 230, t: 40, b: 60 };
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf'];

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The chart's opening: the canvas, its title and the two axes; the caller adds the rest and closes `</svg>`. */
const frame = (title: string): string[] => [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  `<rect width="${W}" height="${H}" fill="white"/>`,
  `<text x="${W / 2 - M.r / 2}" y="22" text-anchor="middle" font-size="15">${esc(title)}</text>`,
  `<line x1="${M.l}" y1="${H - M.b}" x2="${W - M.r}" y2="${H - M.b}" stroke="black"/>`,
  `<line x1="${M.l}" y1="${M.t}" x2="${M.l}" y2="${H - M.b}" stroke="black"/>`,
];

/** Line `i` of the legend, right of the plot: a stroke of the series' colour (dashed or not) and its name. */
const legendEntry = (i: number, colour: string, text: string, dashed = false): string[] => {
  const ly = M.t + 10 + i * 20;
  return [
    `<line x1="${W - M.r + 15}" y1="${ly}" x2="${W - M.r + 40}" y2="${ly}" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="4 3"' : ''}/>`,
    `<text x="${W - M.r + 46}" y="${ly + 4}">${esc(text)}</text>`,
  ];
};

export function latencyCurveSvg(sweeps: SweepResult[], title: string): string {
  const points = sweeps.flatMap((s) => s.steps.filter((p) => p.complete > 0));
  const rates = points.map((p) => p.rate);
  const minR = Math.max(1, Math.min(...rates, 10));
  const maxR = Math.max(...rates, 20);
  const maxL = Math.min(2000, Math.max(300, ...points.map((p) => p.latency.p99)) * 1.05);
  const x = (r: number): number =>
    M.l + ((Math.log10(r) - Math.log10(minR)) / (Math.log10(maxR) - Math.log10(minR))) * (W - M.l - M.r);
  const y = (ms: number): number => H - M.b - (Math.min(ms, maxL) / maxL) * (H - M.t - M.b);
  const out = frame(title);
  for (let d = 10 ** Math.floor(Math.log10(minR)); d <= maxR; d *= 10) {
    for (const m of [1, 2, 5]) {
      const r = d * m;
      if (r >= minR && r <= maxR) {
        out.push(`<line x1="${x(r)}" y1="${M.t}" x2="${x(r)}" y2="${H - M.b}" stroke="#eee"/>`);
        out.push(`<text x="${x(r)}" y="${H - M.b + 16}" text-anchor="middle">${r}</text>`);
      }
    }
  }
  const tick = maxL > 1000 ? 250 : 50;
  for (let ms = 0; ms <= maxL; ms += tick) {
    out.push(`<line x1="${M.l}" y1="${y(ms)}" x2="${W - M.r}" y2="${y(ms)}" stroke="#eee"/>`);
    out.push(`<text x="${M.l - 6}" y="${y(ms) + 4}" text-anchor="end">${ms}</text>`);
  }
  out.push(`<line x1="${M.l}" y1="${y(250)}" x2="${W - M.r}" y2="${y(250)}" stroke="red" stroke-dasharray="6 3"/>`);
  out.push(`<text x="${W - M.r - 4}" y="${y(250) - 4}" text-anchor="end" fill="red">p99 limit 250 ms</text>`);
  out.push(
    `<text x="${(M.l + W - M.r) / 2}" y="${H - 18}" text-anchor="middle">offered rate (webhooks/s, log scale)</text>`,
  );
  out.push(
    `<text transform="translate(18 ${(M.t + H - M.b) / 2}) rotate(-90)" text-anchor="middle">webhook → last order (ms)</text>`,
  );
  sweeps.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    const pts = s.steps.filter((p) => p.complete > 0);
    const line = (key: 'p50' | 'p99'): string =>
      pts.map((p) => `${x(p.rate).toFixed(1)},${y(p.latency[key]).toFixed(1)}`).join(' ');
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${line('p99')}"/>`);
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="1" stroke-dasharray="4 3" points="${line('p50')}"/>`);
    for (const p of pts) {
      out.push(
        `<circle cx="${x(p.rate).toFixed(1)}" cy="${y(p.latency.p99).toFixed(1)}" r="3" fill="${p.pass ? c : 'white'}" stroke="${c}"/>`,
      );
    }
    out.push(...legendEntry(i, c, `${s.target} ×${s.fanOut} (max ${s.sustainedRate}/s)`));
  });
  const ly = M.t + 20 + sweeps.length * 20;
  out.push(`<text x="${W - M.r + 15}" y="${ly}" fill="#555">solid p99, dashed p50;</text>`);
  out.push(`<text x="${W - M.r + 15}" y="${ly + 16}" fill="#555">hollow dot = failed step</text>`);
  out.push('</svg>');
  return out.join('\n');
}

/** The soak's memory over time: RSS (solid) and the data directory (dashed, when there is one), in MiB. */
export function rssOverTimeSvg(soak: SoakResult, title: string): string {
  const samples = soak.rssMiB;
  const maxS = Math.max(1, ...samples.map((p) => p.atS));
  const maxMiB = Math.max(100, ...samples.flatMap((p) => [p.rssMiB, p.diskMiB ?? 0])) * 1.1;
  const x = (atS: number): number => M.l + (atS / maxS) * (W - M.l - M.r);
  const y = (mib: number): number => H - M.b - (mib / maxMiB) * (H - M.t - M.b);
  const out = frame(title);
  const sStep = niceStep(maxS);
  for (let t = 0; t <= maxS; t += sStep) {
    out.push(`<line x1="${x(t)}" y1="${M.t}" x2="${x(t)}" y2="${H - M.b}" stroke="#eee"/>`);
    out.push(`<text x="${x(t)}" y="${H - M.b + 16}" text-anchor="middle">${t}</text>`);
  }
  const mStep = niceStep(maxMiB);
  for (let mib = 0; mib <= maxMiB; mib += mStep) {
    out.push(`<line x1="${M.l}" y1="${y(mib)}" x2="${W - M.r}" y2="${y(mib)}" stroke="#eee"/>`);
    out.push(`<text x="${M.l - 6}" y="${y(mib) + 4}" text-anchor="end">${mib}</text>`);
  }
  out.push(
    `<line x1="${x(soak.warmUpS)}" y1="${M.t}" x2="${x(soak.warmUpS)}" y2="${H - M.b}" stroke="#555" stroke-dasharray="6 3"/>`,
  );
  out.push(`<text x="${x(soak.warmUpS) + 4}" y="${M.t + 12}" fill="#555">measured from here</text>`);
  out.push(
    `<text x="${(M.l + W - M.r) / 2}" y="${H - 18}" text-anchor="middle">seconds since the warm-up's start</text>`,
  );
  out.push(`<text transform="translate(18 ${(M.t + H - M.b) / 2}) rotate(-90)" text-anchor="middle">MiB</text>`);
  const line = (pts: Array<[number, number]>): string =>
    pts.map(([t, mib]) => `${x(t).toFixed(1)},${y(mib).toFixed(1)}`).join(' ');
  out.push(
    `<polyline fill="none" stroke="${COLOURS[0]}" stroke-width="2" points="${line(samples.map((p) => [p.atS, p.rssMiB]))}"/>`,
  );
  const legend = [`RSS, ${soak.target} at ${soak.rate}/s`];
  const disk = samples.filter((p) => p.diskMiB !== undefined);
  if (disk.length) {
    out.push(
      `<polyline fill="none" stroke="${COLOURS[1]}" stroke-width="2" stroke-dasharray="4 3" points="${line(disk.map((p) => [p.atS, p.diskMiB as number]))}"/>`,
    );
    legend.push('data directory');
  }
  legend.forEach((text, i) => out.push(...legendEntry(i, COLOURS[i], text, i > 0)));
  out.push('</svg>');
  return out.join('\n');
}

/** A grid step of 1, 2 or 5 × 10^k giving about five to ten lines up to `max`. */
const niceStep = (max: number): number => {
  const raw = max / 6;
  const unit = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * unit).find((step) => step >= raw) ?? 10 * unit;
};
