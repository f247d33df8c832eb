import { isRecord } from './yaml-files';

/**
 * Strategic merge as kustomize applies it to our resources: maps merge key by key (null deletes),
 * lists of named items (containers, env, ports, volumes) merge item by item on `name`, other
 * values are replaced.
 */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isRecord(base) && isRecord(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) {
        delete out[key];
      } else {
        out[key] = strategicMerge(base[key], value);
      }
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch)) {
    const baseItems = base as unknown[];
    const patchItems = patch as unknown[];
    if (baseItems.every(isNamed) && patchItems.every(isNamed)) {
      return mergeByName(baseItems, patchItems);
    }
  }
  return patch;
}

function mergeByName(base: { name: unknown }[], patch: { name: unknown }[]): unknown[] {
  const out = [...base];
  for (const item of patch) {
    const at = out.findIndex((b) => b.name === item.name);
    if (at >= 0) {
      out[at] = strategicMerge(out[at], item) as { name: unknown };
    } else {
      out.push(item);
    }
  }
  return out;
}

const isNamed = (v: unknown): v is { name: unknown } => isRecord(v) && typeof v.name === 'string';

interface Operation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

/** RFC 6902 add, replace and remove (the operations our overlays use) on a copy of the document. */
export function applyJsonPatch(doc: unknown, operations: unknown[]): unknown {
  const root = structuredClone(doc);
  for (const raw of operations) {
    const { op, path, value } = raw as Operation;
    const keys = path
      .split('/')
      .slice(1)
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop();
    if (last === undefined) {
      throw new Error(`JSON patch: empty path`);
    }
    let parent: unknown = root;
    for (const key of keys) {
      parent = childOf(parent, key, path);
    }
    if (Array.isArray(parent)) {
      const index = last === '-' ? parent.length : Number(last);
      if (op === 'add') {
        parent.splice(index, 0, value);
        continue;
      }
      requireIndex(parent, index, path);
      if (op === 'replace') {
        parent[index] = value;
      } else {
        parent.splice(index, 1);
      }
    } else if (isRecord(parent)) {
      if (op !== 'add' && !(last in parent)) {
        throw new Error(`JSON patch ${op}: ${path} does not exist`);
      }
      if (op === 'remove') {
        delete parent[last];
      } else {
        parent[last] = value;
      }
    } else {
      throw new Error(`JSON patch ${op}: the parent of ${path} is not an object or a list`);
    }
  }
  return root;
}

function childOf(parent: unknown, key: string, path: string): unknown {
  if (Array.isArray(parent)) {
    requireIndex(parent, Number(key), path);
    return parent[Number(key)];
  }
  if (isRecord(parent) && key in parent) {
    return parent[key];
  }
  throw new Error(`JSON patch: ${path} does not exist`);
}

function requireIndex(list: unknown[], index: number, path: string): void {
  if (!Number.isInteger(index) || index < 0 || index >= list.length) {
    throw new Error(`JSON patch: ${path} is outside the list`);
  }
}
