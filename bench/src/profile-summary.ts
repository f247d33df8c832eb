// `--profile`: what each thread of the standalone product spent its busy time on, read from the .cpuprofile files
// Node's `--cpu-prof` writes (one per thread: the main thread's and the embedded database's), so that a run's
// markdown says it without a profiler's UI or a throwaway script.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The parts of V8's CPU profile (`Profiler.Profile`) read here. */
export interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }>;
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  /** Per cent of the thread's busy time spent in it (self time: its own code, not what it called; total time: both). */
  pct: number;
}

export interface ProfileSummary {
  /** 'main thread', or 'worker thread N' (N: Node's thread id; in standalone mode the only worker is the embedded database's). */
  thread: string;
  file: string;
  /** Sampled time not idle: what the shares are of. */
  busyMs: number;
  byPackage: Share[];
  byFunction: Share[];
  /**
   * Total time: the share of the busy time with the origin (the function) anywhere on the stack, that is its own
   * code and what it called synchronously, counted once however deep it recurs. What runs after an `await` or in a
   * callback is on a stack of its own (the microtask queue's, the event loop's), so this is what a synchronous run of
   * each costs, not what a whole webhook costs. (Absent from results written before the twenty-seventh session.)
   */
  totalByPackage?: Share[];
  totalByFunction?: Share[];
}

/** V8's pseudo-frames for time the thread was not running JavaScript or WebAssembly of its own. */
const NOT_BUSY = new Set(['(idle)', '(program)']);

/** Adds `amount` to `key`'s running sum in `m` (a sample's time, an allocation's bytes). */
export const addTo = (m: Map<string, number>, key: string, amount: number): void => {
  m.set(key, (m.get(key) ?? 0) + amount);
};

/**
 * Where a frame's code comes from: an npm package, a Node built-in module (`node:fs`), the product's own code (its
 * path under `dist/`, three levels: `services/execution/src`), WebAssembly, or `(native)` (the garbage collector,
 * `writev`, `postMessage` and other C++ without a script).
 */
export function originOf(url: string): string {
  if (!url) {
    return '(native)';
  }
  // The innermost package: a dependency's own copy of another (`@nestjs/platform-express/node_modules/express`) is that other.
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) {
    return pkg[1];
  }
  if (url.startsWith('node:')) {
    return url.split('/')[0];
  }
  if (url.startsWith('wasm://')) {
    return 'WebAssembly';
  }
  const dist = url.split('/dist/')[1];
  return dist ? dist.split('/').slice(0, 3).join('/') : url;
}

/** The `n` largest of `m`, each as a share of `total` (per cent, one decimal). */
export const largestShares = (m: Map<string, number>, total: number, n: number): Share[] =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, t]) => ({ name, pct: Math.round((t / Math.max(1, total)) * 1000) / 10 }));

/** A frame as its function and where it comes from: `run (services/execution/src:167)`, `writev (native)`. */
export function frameLabel(frame: { functionName: string; url: string; lineNumber: number }): string {
  const origin = originOf(frame.url);
  const where = !frame.url ? 'native' : origin === 'WebAssembly' ? origin : `${origin}:${frame.lineNumber + 1}`;
  return `${frame.functionName || '(anonymous)'} (${where})`;
}

/** Self and total time by origin and by function, as shares of the busy time, the `n` largest of each. */
export function summarizeProfile(p: CpuProfile, thread: string, file: string, n = 12): ProfileSummary {
  const frames = new Map(p.nodes.map((node) => [node.id, node.callFrame]));
  const stacks = stackLabels(p, frames);
  const self = { byPackage: new Map<string, number>(), byFunction: new Map<string, number>() };
  const total = { byPackage: new Map<string, number>(), byFunction: new Map<string, number>() };
  let busy = 0;
  p.samples.forEach((id, i) => {
    const frame = frames.get(id);
    const dt = p.timeDeltas[i] ?? 0;
    if (!frame || NOT_BUSY.has(frame.functionName)) {
      return;
    }
    busy += dt;
    addTo(self.byPackage, originOf(frame.url), dt);
    addTo(self.byFunction, frameLabel(frame), dt);
    const stack = stacks(id);
    stack.origins.forEach((origin) => addTo(total.byPackage, origin, dt));
    stack.functions.forEach((fn) => addTo(total.byFunction, fn, dt));
  });
  return {
    thread,
    file,
    busyMs: Math.round(busy / 1000),
    byPackage: largestShares(self.byPackage, busy, n),
    byFunction: largestShares(self.byFunction, busy, n),
    totalByPackage: largestShares(total.byPackage, busy, n),
    totalByFunction: largestShares(total.byFunction, busy, n),
  };
}

/** V8's frames that stand for the thread itself rather than code: on every stack, so nothing to learn from their totals. */
const ROOTS = new Set(['(root)', ...NOT_BUSY]);

/** The distinct origins and functions on one stack. */
interface StackLabels {
  origins: Set<string>;
  functions: Set<string>;
}

/**
 * The distinct origins and functions on each node's stack (the node and its callers up to the root), worked out
 * once per node and shared by every sample taken there.
 */
function stackLabels(
  p: CpuProfile,
  frames: Map<number, CpuProfile['nodes'][number]['callFrame']>,
): (id: number) => StackLabels {
  const parents = new Map<number, number>();
  p.nodes.forEach((node) => node.children?.forEach((child) => parents.set(child, node.id)));
  const memo = new Map<number, StackLabels>();
  const labels = (id: number): StackLabels => {
    const known = memo.get(id);
    if (known) {
      return known;
    }
    const parent = parents.get(id);
    const above = parent === undefined ? { origins: new Set<string>(), functions: new Set<string>() } : labels(parent);
    const frame = frames.get(id);
    const own: StackLabels =
      frame && !ROOTS.has(frame.functionName)
        ? {
            origins: new Set(above.origins).add(originOf(frame.url)),
            functions: new Set(above.functions).add(frameLabel(frame)),
          }
        : above;
    memo.set(id, own);
    return own;
  };
  return labels;
}

/** Node names a profile `CPU.<date>.<time>.<pid>.<thread id>.<sequence>.cpuprofile`; thread 0 is the main thread. */
export function threadOf(file: string): string {
  const id = /^CPU\.\d+\.\d+\.\d+\.(\d+)\.\d+\.cpuprofile$/.exec(file)?.[1];
  if (id === undefined) {
    return file;
  }
  return id === '0' ? 'main thread' : `worker thread ${id}`;
}

/** The profiles written into `dir` since `sinceMs` (a run's own, not an earlier run's in the same folder), main thread first. */
export async function readProfiles(dir: string, sinceMs: number): Promise<ProfileSummary[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.cpuprofile')).sort();
  const summaries: ProfileSummary[] = [];
  for (const file of files) {
    const full = path.join(dir, file);
    if ((await stat(full)).mtimeMs < sinceMs) {
      continue;
    }
    const profile = JSON.parse(await readFile(full, 'utf8')) as CpuProfile;
    summaries.push(summarizeProfile(profile, threadOf(file), file));
  }
  return summaries.sort((a, b) => Number(b.thread === 'main thread') - Number(a.thread === 'main thread'));
}
