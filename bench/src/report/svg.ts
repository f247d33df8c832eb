// The latency-versus-rate curve, drawn by hand as SVG: p99 (solid) and p50 (dashed) of webhook-to-last-order
// latency against the offered rate (log scale), one colour per system and fan-out, the 250 ms limit marked.
import type { SweepResult } from '../sweep';

const W = 900;
const H = 520;
const M = { l: 70, r: 230, t: 40, b: 60 };
const COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#17becf'];

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function latencyCurveSvg(sweeps: SweepResult[], title: string): string {
  const points = sweeps.flatMap((s) => s.steps.filter((p) => p.complete > 0));
  const rates = points.map((p) => p.rate);
  const minR = Math.max(1, Math.min(...rates, 10));
  const maxR = Math.max(...rates, 20);
  const maxL = Math.min(2000, Math.max(300, ...points.map((p) => p.latency.p99)) * 1.05);
  const x = (r: number): number => M.l + ((Math.log10(r) - Math.log10(minR)) / (Math.log10(maxR) - Math.log10(minR))) * (W - M.l - M.r);
  const y = (ms: number): number => H - M.b - (Math.min(ms, maxL) / maxL) * (H - M.t - M.b);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - M.r / 2}" y="22" text-anchor="middle" font-size="15">${esc(title)}</text>`,
    `<line x1="${M.l}" y1="${H - M.b}" x2="${W - M.r}" y2="${H - M.b}" stroke="black"/>`,
    `<line x1="${M.l}" y1="${M.t}" x2="${M.l}" y2="${H - M.b}" stroke="black"/>`,
  ];
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
  out.push(`<text x="${(M.l + W - M.r) / 2}" y="${H - 18}" text-anchor="middle">offered rate (webhooks/s, log scale)</text>`);
  out.push(`<text transform="translate(18 ${(M.t + H - M.b) / 2}) rotate(-90)" text-anchor="middle">webhook → last order (ms)</text>`);
  sweeps.forEach((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    const pts = s.steps.filter((p) => p.complete > 0);
    const line = (key: 'p50' | 'p99'): string => pts.map((p) => `${x(p.rate).toFixed(1)},${y(p.latency[key]).toFixed(1)}`).join(' ');
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${line('p99')}"/>`);
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="1" stroke-dasharray="4 3" points="${line('p50')}"/>`);
    for (const p of pts) {
      out.push(`<circle cx="${x(p.rate).toFixed(1)}" cy="${y(p.latency.p99).toFixed(1)}" r="3" fill="${p.pass ? c : 'white'}" stroke="${c}"/>`);
    }
    const ly = M.t + 10 + i * 20;
    out.push(`<line x1="${W - M.r + 15}" y1="${ly}" x2="${W - M.r + 40}" y2="${ly}" stroke="${c}" stroke-width="2"/>`);
    out.push(`<text x="${W - M.r + 46}" y="${ly + 4}">${esc(`${s.target} ×${s.fanOut} (max ${s.sustainedRate}/s)`)}</text>`);
  });
  const ly = M.t + 20 + sweeps.length * 20;
  out.push(`<text x="${W - M.r + 15}" y="${ly}" fill="#555">solid p99, dashed p50;</text>`);
  out.push(`<text x="${W - M.r + 15}" y="${ly + 16}" fill="#555">hollow dot = failed step</text>`);
  out.push('</svg>');
  return out.join('\n');
}
