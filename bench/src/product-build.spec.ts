import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeBuild, productNodeFlags, readProductBuild } from './product-build';
import type { ProductBuild } from './product-build';

// The build script's own half (CommonJS, loaded by scripts/build-server.mjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildInfo } = require('../../scripts/build-info.js') as {
  buildInfo: (root: string, now?: Date) => ProductBuild;
};

describe('the record of the product build a run measured', () => {
  let dir: string;
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'build-info-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should name the checked-out commit, and whether tracked files differ from it', () => {
    git('init', '-q');
    writeFileSync(path.join(dir, 'a.ts'), 'one');
    git('add', 'a.ts');
    git('commit', '-q', '-m', 'first');
    const head = git('rev-parse', 'HEAD').trim();

    expect(buildInfo(dir, new Date('2026-12-02T18:00:00Z'))).toEqual({
      commit: head,
      uncommittedChanges: false,
      builtAt: '2026-12-02T18:00:00.000Z',
    });
    writeFileSync(path.join(dir, 'untracked.txt'), 'not part of the build');
    expect(buildInfo(dir).uncommittedChanges).toBe(false);
    writeFileSync(path.join(dir, 'a.ts'), 'two');
    expect(buildInfo(dir)).toMatchObject({ commit: head, uncommittedChanges: true });
  });

  it('should record no commit outside a git checkout', () => {
    expect(buildInfo(dir)).toMatchObject({ commit: null, uncommittedChanges: false });
  });

  it('should read what the build wrote beside dist/, and nothing when it wrote nothing', async () => {
    expect(await readProductBuild(dir)).toBeNull();
    mkdirSync(path.join(dir, 'dist'));
    const info = { commit: 'abc', uncommittedChanges: true, builtAt: '2026-12-02T18:00:00.000Z' };
    writeFileSync(path.join(dir, 'dist', 'build-info.json'), JSON.stringify(info));

    expect(await readProductBuild(dir)).toEqual({ ...info, nodeFlags: [] });
  });

  it("should start a build with its own launchers' node flags, and say which in the run's header", async () => {
    expect(productNodeFlags(dir)).toEqual([]);
    mkdirSync(path.join(dir, 'dist/libs/host/src'), { recursive: true });
    writeFileSync(path.join(dir, 'dist/build-info.json'), JSON.stringify({ commit: 'abc', builtAt: 'then' }));
    writeFileSync(
      path.join(dir, 'dist/libs/host/src/node-flags.js'),
      "exports.PRODUCT_NODE_FLAGS = ['--no-memory-reducer', '--max-semi-space-size=32'];",
    );

    expect(productNodeFlags(dir)).toEqual(['--no-memory-reducer', '--max-semi-space-size=32']);
    expect(describeBuild(await readProductBuild(dir))).toBe(
      'product commit abc, built then, run with --no-memory-reducer --max-semi-space-size=32',
    );
  });
});
