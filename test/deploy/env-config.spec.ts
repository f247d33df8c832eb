import path from 'node:path';
import { readCompose, ROOT } from './compose-file';
import { SERVICES, requiredVariablesOf, variablesOf } from './config-schemas';
import type { Service } from './config-schemas';
import { renderKustomization } from './kustomize';
import type { Manifest } from './kustomize';

interface Container {
  env?: { name: string }[];
  envFrom?: { configMapRef?: { name: string } }[];
}

/** The variables a Deployment's container gets: its `env` plus every key of its envFrom ConfigMaps. */
function k8sVariablesOf(manifests: Manifest[], service: Service): string[] {
  const deployment = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === service) as
    { spec: { template: { spec: { containers: Container[] } } } } | undefined;
  const container = deployment?.spec.template.spec.containers[0];
  if (!container) {
    throw new Error(`no Deployment ${service}`);
  }
  const fromMaps = (container.envFrom ?? []).flatMap(({ configMapRef }) => {
    const map = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === configMapRef?.name);
    if (!map) {
      throw new Error(`${service} reads a missing ConfigMap ${configMapRef?.name}`);
    }
    return Object.keys((map as { data?: Record<string, string> }).data ?? {});
  });
  return [...(container.env ?? []).map((e) => e.name), ...fromMaps];
}

const notIn = (names: string[], known: string[]) => names.filter((n) => !known.includes(n)).sort();

describe('environment of each deployment against the config schemas', () => {
  const compose = readCompose();
  const overlays = ['dev', 'prod'].map((o) => [o, renderKustomization(path.join(ROOT, 'k8s/overlays', o))] as const);

  describe('docker-compose.yml', () => {
    it.each(SERVICES)('should set only variables that %s reads', (service) => {
      const set = Object.keys(compose.services[service].environment ?? {});

      expect(notIn(set, variablesOf(service))).toEqual([]);
    });

    it.each(SERVICES)('should set every variable %s cannot start without', (service) => {
      const set = Object.keys(compose.services[service].environment ?? {});

      expect(notIn(requiredVariablesOf(service), set)).toEqual([]);
    });
  });

  describe.each(overlays)('k8s overlay %s', (_overlay, manifests) => {
    it.each(SERVICES)('should set only variables that %s reads, each once', (service) => {
      const set = k8sVariablesOf(manifests, service);

      expect(notIn(set, variablesOf(service))).toEqual([]);
      expect(set.length).toBe(new Set(set).size);
    });

    it.each(SERVICES)('should set every variable %s cannot start without', (service) => {
      expect(notIn(requiredVariablesOf(service), k8sVariablesOf(manifests, service))).toEqual([]);
    });
  });
});
