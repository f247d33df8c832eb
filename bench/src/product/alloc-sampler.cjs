// `--alloc-profile`: loaded into the standalone product with `--require`. V8's sampling heap profiler on the main
// thread, counting objects the collectors have already freed too: what the thread allocates, not what it keeps, so
// the sites that drive its collections. The bench sends SIGUSR2 once to start (the soak's measured part begins) and
// once more to stop; the profile (DevTools' `.heapprofile` format) is then written to BENCH_ALLOC_PROFILE, under a
// temporary name first so that the bench never reads half a file.
'use strict';
const { Session } = require('node:inspector');
const { renameSync, writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

const out = process.env.BENCH_ALLOC_PROFILE;
if (isMainThread && out) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    if (!sampling) {
      sampling = true;
      // One sample per 16 kB allocated on average (V8's default is 32 kB): a few thousand a second under load.
      session.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      return;
    }
    sampling = false;
    session.post('HeapProfiler.stopSampling', (err, result) => {
      if (err) {
        process.stderr.write(`alloc-sampler: ${err.message}\n`);
        return;
      }
      writeFileSync(`${out}.part`, JSON.stringify(result.profile));
      renameSync(`${out}.part`, out);
    });
  });
}
