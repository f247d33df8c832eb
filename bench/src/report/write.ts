// Writes <name>.json, <name>.md, <name>.svg (and <name>.png when Chromium can render it) to the results folder.
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resultMarkdown } from './markdown';
import { chartedSoak } from './result';
import type { BenchResult } from './result';
import { latencyCurveSvg, rssOverTimeSvg } from './svg';

const CHROMIUM = '/usr/bin/chromium';

export async function writeResults(dir: string, name: string, result: BenchResult): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const svg = chartOf(result);
  const files = [`${name}.json`, `${name}.svg`];
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(path.join(dir, `${name}.svg`), svg);
  const png = (await svgToPng(svg, path.join(dir, `${name}.png`))) ? `${name}.png` : null;
  if (png) {
    files.push(png);
  }
  await writeFile(path.join(dir, `${name}.md`), resultMarkdown(result, `${name}.svg`, png));
  files.push(`${name}.md`);
  return files;
}

/** The sweeps' latency-versus-rate curve, or, for a soak alone, its memory over time. */
function chartOf(result: BenchResult): string {
  const cpus = `${result.machine.nproc} CPUs`;
  const soak = chartedSoak(result);
  return soak
    ? rssOverTimeSvg(soak, `Memory over the soak (${cpus}, fan-out ${soak.fanOut})`)
    : latencyCurveSvg(result.sweeps, `Webhook → last order latency vs rate (${cpus}, ${result.mode})`);
}

async function svgToPng(svg: string, out: string): Promise<boolean> {
  if (!existsSync(CHROMIUM)) {
    return false;
  }
  try {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 520 } });
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 900, height: 520 } });
      return true;
    } finally {
      await browser.close();
    }
  } catch {
    return false;
  }
}
