import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** Every non-empty document of a YAML file, with `<<` merge keys resolved as Docker Compose does. */
export function readYamlDocuments(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'), { merge: true })
    .map((doc) => {
      if (doc.errors.length > 0) {
        throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      }
      return doc.toJS() as unknown;
    })
    .filter((doc) => doc !== null && doc !== undefined);
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
