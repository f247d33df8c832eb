// Which rates to try: doubling from `start` until a step fails, then bisecting between the last pass and
// the first fail `refine` times: within 1/2^refine of the octave it fell in (refine 4, the default run's: 3–6 %) in
// about a dozen steps.
import type { Simulator } from '@app/simulator';
import { describeStalls } from './stalls';
import { runStep, P99_LIMIT_MS } from './sweep';
import type { StepResult, SweepResult } from './sweep';
import type { Route, Target } from './target';

export interface SearchPlan {
  /** Load before the first measured step, discarded: see findSustainedRate. */
  warmUp: { rate: number; ms: number };
  start: number;
  max: number;
  refine: number;
  stepMs: number;
  restMs: number;
  log: (line: string) => void;
}

export async function findSustainedRate(
  sim: Simulator,
  target: Target,
  route: Route,
  plan: SearchPlan,
): Promise<SweepResult> {
  const steps: StepResult[] = [];
  const run = async (rate: number): Promise<boolean> => {
    const step = await runStep(sim, target, route, rate, plan.stepMs);
    steps.push(step);
    plan.log(
      `  ${target.name.padEnd(11)} fan-out ${String(route.fanOut).padStart(2)} @ ${String(rate).padStart(5)}/s: ` +
        `p50 ${step.latency.p50} p99 ${step.latency.p99} max ${step.latency.max} ms, errors ${step.errors}/${step.sent}, ` +
        `cpu ${step.cpuCores} cores, load ${step.loadAvg1}, steal ${step.stealPct} %${step.pass ? '' : `  FAIL${step.errorSamples[0] ? ` (${step.errorSamples[0]})` : ` (p99 ≥ ${P99_LIMIT_MS})`}`}` +
        (step.stalls ? `; ${describeStalls(step.stalls)}` : ''),
    );
    await new Promise((r) => setTimeout(r, plan.restMs));
    return step.pass;
  };
  // Warm-up (discarded): opens the keep-alive connections, lets the JIT compile the path and the startup's
  // garbage be collected, so that the steps measure a running server rather than one still starting.
  await runStep(sim, target, route, plan.warmUp.rate, plan.warmUp.ms);
  const sustainedRate = await highestPassingRate(plan, run);
  steps.sort((a, b) => a.rate - b.rate);
  return { target: target.name, fanOut: route.fanOut, steps, sustainedRate };
}

/**
 * The search itself, apart from running steps: `passes(rate)` runs one. Doubles from `start` until a step fails (or
 * `max` is passed), then halves the gap between the last pass and the first fail `refine` times; the highest rate
 * that passed.
 */
export async function highestPassingRate(
  plan: Pick<SearchPlan, 'start' | 'max' | 'refine'>,
  passes: (rate: number) => Promise<boolean>,
): Promise<number> {
  let pass = 0;
  let fail = 0;
  for (let rate = plan.start; rate <= plan.max; rate *= 2) {
    if (!(await passes(rate))) {
      fail = rate;
      break;
    }
    pass = rate;
  }
  for (let i = 0; i < plan.refine && fail > 0 && fail - pass > 1; i += 1) {
    const mid = Math.round((pass + fail) / 2);
    if (await passes(mid)) {
      pass = mid;
    } else {
      fail = mid;
    }
  }
  return pass;
}
