import path from 'node:path';
import { isRecord, readYamlDocuments } from './yaml-files';

export const ROOT = path.resolve(__dirname, '../..');

export interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  profiles?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  volumes?: string[];
  entrypoint?: string[];
  restart?: string;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** docker-compose.yml as Compose reads it (anchors and `<<` merges resolved). */
export function readCompose(): ComposeFile {
  const [doc] = readYamlDocuments(path.join(ROOT, 'docker-compose.yml'));
  if (!isRecord(doc) || !isRecord(doc.services)) {
    throw new Error('docker-compose.yml has no services');
  }
  return doc as ComposeFile;
}

/** Seconds in a Compose duration such as `20s`, `1m30s` or `500ms`. */
export function durationSeconds(value: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001, us: 1e-6 };
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw new Error(`not a Compose duration: ${value}`);
  }
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * units[unit], 0);
}
