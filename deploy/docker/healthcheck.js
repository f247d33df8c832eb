// Container health check without curl or wget in the image: GET a path on this process's port.
// Usage: node /app/healthcheck.js [path=/healthz] [--any-status]
// Exit 0 on a 2xx answer (with --any-status: on any HTTP answer, for servers without a probe path).
'use strict';
const path = process.argv[2] || '/healthz';
const anyStatus = process.argv.includes('--any-status');
const port = process.env.PORT || process.env.SIM_PORT || '3000';
fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(3000) }).then(
  (res) => process.exit(res.ok || anyStatus ? 0 : 1),
  () => process.exit(1),
);
