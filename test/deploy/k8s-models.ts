import { createRequire } from 'node:module';

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

const load = createRequire(__filename);

/**
 * The kubernetes-models class for an apiVersion and kind (`kubernetes-models/apps/v1/Deployment`):
 * its validate() checks the object against the Kubernetes OpenAPI schema and throws on a mismatch.
 */
export function kubernetesModelOf(apiVersion: string, kind: string): ModelClass {
  const exports = load(`kubernetes-models/${apiVersion}/${kind}`) as Record<string, ModelClass | undefined>;
  const model = exports[kind];
  if (!model) {
    throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`);
  }
  return model;
}
