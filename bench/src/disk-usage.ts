// The size of a directory tree on disk: the standalone product's DATA_DIR (embedded Postgres' tables and
// write-ahead log), sampled during the soak so that a store that only grows shows beside RSS.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Bytes of the regular files under `dir`, recursively; 0 for a directory that is gone. */
export function dirBytes(dir: string): number {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let bytes = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      bytes += dirBytes(full);
    } else if (entry.isFile()) {
      // A file removed between the listing and its stat (a recycled WAL segment) counts as nothing.
      bytes += statSync(full, { throwIfNoEntry: false })?.size ?? 0;
    }
  }
  return bytes;
}
