// @ts-check
// The embedded database's thread (standalone mode): PGlite runs here, off the event loop that serves HTTP,
// so the WebAssembly Postgres and the product's own code use two cores instead of taking turns on one.
// Plain CommonJS on purpose: a worker thread loads its file with Node's own loader, in dist/ and under jest alike.
// The protocol, one message each way per call (see embedded-database.ts):
//   in:  { id, op: 'query', text, values } | { id, op: 'exec', text } | { id, op: 'close' }
//   out: { id, result } | { id, error }, and once at start { ready: true } or { failed: error }
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

/** A Postgres error as plain data: message, name and every field (code, detail, constraint, …). */
function plainError(err) {
  if (!(err instanceof Error)) {
    return { message: String(err) };
  }
  const fields = {};
  for (const key of Object.keys(err)) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (err))[key];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { ...fields, name: err.name, message: err.message };
}

/** What the driver needs of a result; field types and blobs stay behind. */
const plainResult = (r) => ({ rows: r.rows, affectedRows: r.affectedRows, fields: r.fields.map((f) => ({ name: f.name })) });

async function main() {
  let db;
  try {
    db = await PGlite.create({ dataDir: workerData.dataDir });
  } catch (err) {
    parentPort.postMessage({ failed: plainError(err) });
    return;
  }
  parentPort.on('message', async (msg) => {
    try {
      if (msg.op === 'query') {
        parentPort.postMessage({ id: msg.id, result: plainResult(await db.query(msg.text, msg.values)) });
      } else if (msg.op === 'exec') {
        const results = await db.exec(msg.text);
        parentPort.postMessage({ id: msg.id, result: results.length ? plainResult(results[results.length - 1]) : null });
      } else if (msg.op === 'close') {
        await db.close();
        parentPort.postMessage({ id: msg.id, result: null });
        parentPort.close();
      }
    } catch (err) {
      parentPort.postMessage({ id: msg.id, error: plainError(err) });
    }
  });
  parentPort.postMessage({ ready: true });
}

void main();
