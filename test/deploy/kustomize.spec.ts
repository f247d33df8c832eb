import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderKustomization } from './kustomize';
import { applyJsonPatch, strategicMerge } from './patching';

const deployment = (name: string) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    `metadata: { name: ${name} }`,
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    `        - { name: ${name}, image: 'tvtrade/${name}:latest', env: [{ name: A, value: '1' }] }`,
  ].join('\n');

describe(renderKustomization.name, () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kustomize-'));
    write('base/kustomization.yaml', 'resources: [app.yaml]');
    write('base/app.yaml', deployment('api'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should apply namespace, images, replicas and both kinds of patch over the base', () => {
    write(
      'prod/patch.yaml',
      'kind: Deployment\nmetadata: { name: api }\nspec: { template: { spec: { containers: [{ name: api, env: [{ name: B, value: "2" }] }] } } }',
    );
    write(
      'prod/kustomization.yaml',
      [
        'namespace: prod',
        'resources: [../base]',
        'images: [{ name: tvtrade/api, newTag: 1.2.3 }]',
        'replicas: [{ name: api, count: 3 }]',
        'patches:',
        '  - path: patch.yaml',
        '  - target: { kind: Deployment, name: api }',
        '    patch: "[{ op: add, path: /metadata/labels, value: { tier: web } }]"',
      ].join('\n'),
    );

    const [sut] = renderKustomization(path.join(dir, 'prod'));

    expect(sut).toMatchObject({
      metadata: { name: 'api', namespace: 'prod', labels: { tier: 'web' } },
      spec: {
        replicas: 3,
        template: { spec: { containers: [{ image: 'tvtrade/api:1.2.3', env: [{ name: 'A' }, { name: 'B' }] }] } },
      },
    });
  });

  it('should refuse a kustomization field it does not render', () => {
    write('dev/kustomization.yaml', 'resources: [../base]\nconfigMapGenerator: []');

    expect(() => renderKustomization(path.join(dir, 'dev'))).toThrow('configMapGenerator not supported');
  });

  it('should refuse a patch that matches nothing', () => {
    write('dev/kustomization.yaml', 'resources: [../base]\npatches: [{ target: { kind: Service }, patch: "[]" }]');

    expect(() => renderKustomization(path.join(dir, 'dev'))).toThrow('matches nothing');
  });

  it('should refuse a resource defined twice', () => {
    write('dev/kustomization.yaml', 'resources: [../base, ../base/app.yaml]');

    expect(() => renderKustomization(path.join(dir, 'dev'))).toThrow('Deployment/api is defined twice');
  });
});

describe(strategicMerge.name, () => {
  it('should merge named list items by name and replace other lists', () => {
    const sut = strategicMerge(
      { c: [{ name: 'a', x: 1 }], l: [1, 2] },
      { c: [{ name: 'a', y: 2 }, { name: 'b' }], l: [3] },
    );

    expect(sut).toEqual({ c: [{ name: 'a', x: 1, y: 2 }, { name: 'b' }], l: [3] });
  });

  it('should delete a key patched to null', () => {
    expect(strategicMerge({ a: 1, b: 2 }, { a: null })).toEqual({ b: 2 });
  });
});

describe(applyJsonPatch.name, () => {
  it('should add, replace and remove, leaving the input untouched', () => {
    const input = { spec: { replicas: 1, list: ['a', 'b'], config: { 'x.y': '1' } } };

    const sut = applyJsonPatch(input, [
      { op: 'replace', path: '/spec/config/x.y', value: '2' },
      { op: 'add', path: '/spec/list/-', value: 'c' },
      { op: 'remove', path: '/spec/replicas' },
    ]);

    expect(sut).toEqual({ spec: { list: ['a', 'b', 'c'], config: { 'x.y': '2' } } });
    expect(input.spec.replicas).toBe(1);
  });

  it('should refuse to replace what does not exist', () => {
    expect(() => applyJsonPatch({ spec: {} }, [{ op: 'replace', path: '/spec/replicas', value: 2 }])).toThrow(
      'does not exist',
    );
  });
});
