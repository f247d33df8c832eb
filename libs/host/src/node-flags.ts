/**
 * The flags node is started with for every product process, by every launcher: `npm start`
 * (scripts/start.mjs reads this list from the build), `npm run start:service` and the Dockerfile's service
 * images (copies, held to this list by test/deploy/{node-flags,dockerfile}.spec.ts), the bench's product
 * targets and the test helpers that start built services. They go on the command line because they must be
 * set before V8 makes its heap, which `v8.setFlagsFromString` is too late for, and node refuses V8 flags in
 * NODE_OPTIONS.
 *
 * `--no-memory-reducer`: while the product idles, V8's memory reducer shrinks the heap to what is live
 * (about 187 MB committed down to 48 MB in the standalone product). The next burst of webhooks then grows
 * it back through full collections run back to back, and those are what the first orders after a quiet
 * spell waited on: a p99 of 278 ms after 46 s of idle against 74 ms without the reducer, and up to 986 ms
 * after longer idles against 72 ms (docs/performance.md). A trading desk's alerts come in bursts after
 * quiet spells, so the product keeps its heap between them: the decision trades idle memory (the heap a
 * burst grew stays committed until the next one) for the latency of the first orders.
 */
export const PRODUCT_NODE_FLAGS: readonly string[] = ['--no-memory-reducer'];
