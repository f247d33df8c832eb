// Container health check without curl or wget in the image: GET a probe path on this process's port.
// Usage: node /app/healthcheck.js [/readyz]  (exit 0 when the answer is 2xx)
'use strict';
const path = process.argv[2] || '/healthz';
const port = process.env.PORT || process.env.SIM_PORT || '3000';
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).then(
  (res) => process.exit(res.ok ? 0 : 1),
  () => process.exit(1),
);
