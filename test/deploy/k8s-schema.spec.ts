import path from 'node:path';
import Ajv from 'ajv';
import { ROOT } from './compose-file';
import { kubernetesModelOf } from './k8s-models';
import { renderKustomization } from './kustomize';
import type { Manifest } from './kustomize';
import kafkaTopicSchema from './kafkatopic.schema.json';
import { readYamlDocuments } from './yaml-files';

const validateKafkaTopic = new Ajv({ allErrors: true }).compile(kafkaTopicSchema);

/** The schema errors of one manifest: Kubernetes' own kinds through kubernetes-models, KafkaTopic through Strimzi's CRD. */
function schemaErrors(m: Manifest): string | undefined {
  if (m.kind === 'KafkaTopic') {
    return validateKafkaTopic(m) ? undefined : JSON.stringify(validateKafkaTopic.errors);
  }
  const Model = kubernetesModelOf(m.apiVersion, m.kind);
  try {
    new Model(m).validate();
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

describe('Kubernetes manifests against the API schemas', () => {
  describe.each(['base', 'overlays/dev', 'overlays/prod'])('k8s/%s', (dir) => {
    const manifests = renderKustomization(path.join(ROOT, 'k8s', dir));

    it.each(manifests.map((m) => [`${m.kind}/${m.metadata.name}`, m] as const))('should accept %s', (_id, m) => {
      expect(schemaErrors(m)).toBeUndefined();
    });
  });

  it('should accept the example Secret', () => {
    const [secret] = readYamlDocuments(path.join(ROOT, 'k8s/secret.example.yaml')) as Manifest[];

    expect(schemaErrors(secret)).toBeUndefined();
  });

  it('should reject a Deployment that breaks the schema (the check can fail)', () => {
    const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { replicas: 'two' } };

    expect(schemaErrors(broken)).toBeDefined();
  });

  it('should reject a KafkaTopic without partitions as a number', () => {
    const broken = {
      apiVersion: 'kafka.strimzi.io/v1beta2',
      kind: 'KafkaTopic',
      metadata: { name: 'x', labels: { 'strimzi.io/cluster': 'c' } },
      spec: { partitions: '6' },
    };

    expect(schemaErrors(broken)).toBeDefined();
  });
});
