import { statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { isRecord, readYamlDocuments } from './yaml-files';
import { applyJsonPatch, strategicMerge } from './patching';

/**
 * A small kustomize for tests, because no kustomize binary or npm renderer is available here. It
 * supports the fields our overlays use and throws on any other, so an overlay cannot silently rely
 * on something the tests do not render: resources (files and directories), namespace, images,
 * replicas, and patches (strategic merge by kind and name, or JSON 6902 with a kind/name target).
 */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path?: string; patch?: string; target?: { kind?: string; name?: string } }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'replicas', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

export function renderKustomization(dir: string): Manifest[] {
  const file = path.join(dir, 'kustomization.yaml');
  const k = readYamlDocuments(file)[0] as Kustomization & Record<string, unknown>;
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) {
    throw new Error(`${file}: ${unsupported.join(', ')} not supported by the test renderer (test/deploy/kustomize.ts)`);
  }
  let out: Manifest[] = [];
  for (const resource of k.resources ?? []) {
    const p = path.join(dir, resource);
    out.push(...(statSync(p).isDirectory() ? renderKustomization(p) : (readYamlDocuments(p) as Manifest[])));
  }
  for (const patch of k.patches ?? []) {
    out = applyPatch(out, dir, patch);
  }
  for (const image of k.images ?? []) {
    out = out.map((m) => setImage(m, image));
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = out.find((m) => m.kind === 'Deployment' && m.metadata.name === name);
    if (!target) {
      throw new Error(`${file}: replicas names no Deployment ${name}`);
    }
    (target.spec as Record<string, unknown>).replicas = count;
  }
  if (k.namespace) {
    const namespace = k.namespace;
    out = out.map((m) => (CLUSTER_SCOPED.has(m.kind) ? m : { ...m, metadata: { ...m.metadata, namespace } }));
  }
  assertUnique(out, file);
  return out;
}

function applyPatch(
  resources: Manifest[],
  dir: string,
  patch: NonNullable<Kustomization['patches']>[number],
): Manifest[] {
  const text = patch.path ? readYamlDocuments(path.join(dir, patch.path)) : [parse(patch.patch ?? '') as unknown];
  if (patch.target) {
    const { kind, name, ...rest } = patch.target;
    if (Object.keys(rest).length > 0 || !Array.isArray(text[0])) {
      throw new Error(`${dir}: only JSON 6902 patches with a kind/name target are supported`);
    }
    const matches = (m: Manifest) => (!kind || m.kind === kind) && (!name || m.metadata.name === name);
    if (!resources.some(matches)) {
      throw new Error(`${dir}: patch target ${kind ?? '*'}/${name ?? '*'} matches nothing`);
    }
    return resources.map((m) => (matches(m) ? (applyJsonPatch(m, text[0] as unknown[]) as Manifest) : m));
  }
  let out = resources;
  for (const doc of text) {
    if (!isRecord(doc) || !isRecord(doc.metadata)) {
      throw new Error(`${dir}: a strategic merge patch needs kind and metadata.name`);
    }
    const { kind } = doc;
    const { name } = doc.metadata;
    if (!out.some((m) => m.kind === kind && m.metadata.name === name)) {
      throw new Error(`${dir}: patch for ${String(kind)}/${String(name)} matches nothing`);
    }
    out = out.map((m) => (m.kind === kind && m.metadata.name === name ? (strategicMerge(m, doc) as Manifest) : m));
  }
  return out;
}

function setImage(m: Manifest, image: NonNullable<Kustomization['images']>[number]): Manifest {
  const copy = structuredClone(m);
  const pod = (copy.spec as { template?: { spec?: { containers?: { image: string }[] } } } | undefined)?.template?.spec;
  for (const c of pod?.containers ?? []) {
    const [name, tag] = c.image.split(':');
    if (name === image.name) {
      c.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
    }
  }
  return copy;
}

function assertUnique(resources: Manifest[], file: string): void {
  const seen = new Set<string>();
  for (const m of resources) {
    const id = `${m.kind}/${m.metadata.name}`;
    if (seen.has(id)) {
      throw new Error(`${file}: ${id} is defined twice`);
    }
    seen.add(id);
  }
}
