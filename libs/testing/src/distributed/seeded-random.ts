/**
 * A small deterministic PRNG (mulberry32) for fault tests: print the seed in the test's name so a
 * failing run can be replayed exactly with FAULTS_SEED=<seed>.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from FAULTS_SEED when given (to replay a run), else a fresh one. */
export const faultSeed = (fromEnv: string | undefined): number =>
  fromEnv ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);

/** Integer in [min, max] drawn from `random`. */
export const between = (random: () => number, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));
