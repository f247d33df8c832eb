// Which build of the product a run measured: dist/build-info.json, written by scripts/build-server.mjs, and the
// node flags that build's launchers start it with.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ProductBuild {
  /** The commit its checkout was at when dist/ was built; null when that was not a git checkout. */
  commit: string | null;
  /** Tracked files differed from that commit: the build holds work that no commit names. */
  uncommittedChanges: boolean;
  /** When the build last ran over dist/ (it recompiles only what changed, so the files may be older). */
  builtAt: string;
  /** The node flags its launchers start it with (libs/host/src/node-flags.ts); absent in runs before 2026-12-07. */
  nodeFlags?: string[];
}

/**
 * The node flags the build in `productRoot` is started with by its own launchers, from its dist/ (none for a build
 * made before the product had the list): a bench of another checkout (`--product-root`) starts it as that checkout
 * would, not with this one's flags.
 */
export function productNodeFlags(productRoot: string): string[] {
  const file = path.join(productRoot, 'dist/libs/host/src/node-flags.js');
  if (!existsSync(file)) {
    return [];
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PRODUCT_NODE_FLAGS } = require(file) as { PRODUCT_NODE_FLAGS: readonly string[] };
  return [...PRODUCT_NODE_FLAGS];
}

/** The build in `productRoot`'s dist/, or null when it has no record (built before 2026-12-02, or by other means). */
export async function readProductBuild(productRoot: string): Promise<ProductBuild | null> {
  try {
    const info = JSON.parse(await readFile(path.join(productRoot, 'dist', 'build-info.json'), 'utf8')) as ProductBuild;
    return {
      commit: info.commit ?? null,
      uncommittedChanges: info.uncommittedChanges === true,
      builtAt: info.builtAt,
      nodeFlags: productNodeFlags(productRoot),
    };
  } catch {
    return null;
  }
}

/** One line for the result's header: "commit 1a2b3c4d5e6f, built …", "with uncommitted changes" when it had them. */
export function describeBuild(build: ProductBuild | null | undefined): string {
  if (!build) {
    return 'product build not recorded';
  }
  const commit = build.commit ? `commit ${build.commit.slice(0, 12)}` : 'not built from a git checkout';
  const changes = build.uncommittedChanges ? ' with uncommitted changes' : '';
  const flags = build.nodeFlags?.length ? `, run with ${build.nodeFlags.join(' ')}` : '';
  return `product ${commit}${changes}, built ${build.builtAt}${flags}`;
}
