import path from 'node:path';
import { MAX_REPLICAS } from '@app/contracts';
import { ROOT } from './compose-file';
import { SERVICES } from './config-schemas';
import { renderKustomization } from './kustomize';
import type { Manifest } from './kustomize';

interface Probe {
  httpGet: { path: string; port: string };
}
interface Container {
  image: string;
  ports: { name: string; containerPort: number }[];
  readinessProbe: Probe;
  livenessProbe: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext: {
    allowPrivilegeEscalation: boolean;
    readOnlyRootFilesystem: boolean;
    runAsNonRoot: boolean;
    capabilities: { drop: string[] };
  };
}
interface Deployment extends Manifest {
  spec: {
    replicas?: number;
    template: {
      spec: {
        terminationGracePeriodSeconds: number;
        securityContext: { runAsNonRoot: boolean };
        containers: Container[];
      };
    };
  };
}
interface Hpa extends Manifest {
  spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
}

const PORT = { gateway: 3000, auth: 3001, connections: 3002, trading: 3003, execution: 3004 } as const;
const SCALED = ['gateway', 'execution'];

describe.each(['base', 'overlays/dev', 'overlays/prod'])('k8s/%s', (dir) => {
  const manifests = renderKustomization(path.join(ROOT, 'k8s', dir));
  const find = <T extends Manifest>(kind: string, name: string) =>
    manifests.find((m) => m.kind === kind && m.metadata.name === name) as T | undefined;
  const configValue = (key: string) =>
    manifests
      .filter((m) => m.kind === 'ConfigMap')
      .map((m) => (m as { data?: Record<string, string> }).data?.[key])
      .find((v) => v !== undefined);

  describe.each(SERVICES)('%s', (name) => {
    const deployment = find<Deployment>('Deployment', name);
    const pod = deployment?.spec.template.spec;
    const container = pod?.containers[0];

    it('should probe readiness on /readyz and liveness on /healthz of its port', () => {
      expect(container?.ports).toEqual([{ name: 'http', containerPort: PORT[name], protocol: 'TCP' }]);
      expect(container?.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container?.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    });

    it('should request and limit CPU and memory', () => {
      expect(Object.keys(container?.resources.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(container?.resources.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    });

    it('should run as non-root on a read-only root filesystem with every capability dropped', () => {
      expect(pod?.securityContext.runAsNonRoot).toBe(true);
      expect(container?.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
      });
    });

    it('should give the process longer than the preStop pause plus SHUTDOWN_TIMEOUT_MS to stop', () => {
      const preStop = Number(container?.lifecycle?.preStop?.exec?.command[1] ?? 0);
      const shutdownMs = Number(configValue('SHUTDOWN_TIMEOUT_MS'));

      expect(shutdownMs).toBeGreaterThan(0);
      expect((pod?.terminationGracePeriodSeconds ?? 0) * 1000).toBeGreaterThan(preStop * 1000 + shutdownMs);
    });

    it('should have a Service and a PodDisruptionBudget', () => {
      expect(find('Service', name)).toBeDefined();
      expect(find('PodDisruptionBudget', name)).toBeDefined();
    });
  });

  it.each(SCALED)('should autoscale %s up to the replicas its Kafka partitions can keep busy', (name) => {
    const hpa = find<Hpa>('HorizontalPodAutoscaler', name);

    expect(hpa?.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
    expect(hpa?.spec.maxReplicas).toBeLessThanOrEqual(MAX_REPLICAS);
    expect(hpa?.spec.minReplicas).toBeLessThanOrEqual(hpa?.spec.maxReplicas ?? 0);
    expect(find<Deployment>('Deployment', name)?.spec.replicas).toBeUndefined();
  });

  it('should let only the gateway take traffic from outside', () => {
    const policies = manifests.filter((m) => m.kind === 'NetworkPolicy') as (Manifest & {
      spec: { podSelector: { matchLabels?: Record<string, string> }; ingress?: { from?: unknown[] }[] };
    })[];
    const denyAll = policies.find((p) => p.spec.ingress === undefined);
    const open = policies.filter((p) => p.spec.ingress?.some((rule) => rule.from === undefined));

    expect(denyAll?.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/part-of': 'tvtrade' });
    expect(open.map((p) => p.spec.podSelector.matchLabels)).toEqual([{ 'app.kubernetes.io/name': 'gateway' }]);
  });

  it('should route the app host and the webhook host to the gateway', () => {
    const ingress = find<
      Manifest & { spec: { rules: { host: string; http: { paths: { backend: { service: { name: string } } }[] } }[] } }
    >('Ingress', 'tvtrade');
    const backends = ingress?.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service.name));

    expect(ingress?.spec.rules).toHaveLength(2);
    expect(new Set(backends)).toEqual(new Set(['gateway']));
  });
});

describe('k8s/overlays/prod', () => {
  const manifests = renderKustomization(path.join(ROOT, 'k8s/overlays/prod'));

  it('should let execution scale to at least 12 replicas', () => {
    const hpa = manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === 'execution') as Hpa;

    expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(12);
  });

  it('should pin every image to a version tag', () => {
    const images = manifests
      .filter((m) => m.kind === 'Deployment')
      .flatMap((m) => (m as Deployment).spec.template.spec.containers.map((c) => c.image));

    expect(images.filter((i) => !/:\d+\.\d+\.\d+$/.test(i))).toEqual([]);
  });
});
