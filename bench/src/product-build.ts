// Which build of the product a run measured: dist/build-info.json, written by scripts/build-server.mjs.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ProductBuild {
  /** The commit its checkout was at when dist/ was built; null when that was not a git checkout. */
  commit: string | null;
  /** Tracked files differed from that commit: the build holds work that no commit names. */
  uncommittedChanges: boolean;
  /** When the build last ran over dist/ (it recompiles only what changed, so the files may be older). */
  builtAt: string;
}

/** The build in `productRoot`'s dist/, or null when it has no record (built before 2026-12-02, or by other means). */
export async function readProductBuild(productRoot: string): Promise<ProductBuild | null> {
  try {
    const info = JSON.parse(await readFile(path.join(productRoot, 'dist', 'build-info.json'), 'utf8')) as ProductBuild;
    return { commit: info.commit ?? null, uncommittedChanges: info.uncommittedChanges === true, builtAt: info.builtAt };
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
  return `product ${commit}${build.uncommittedChanges ? ' with uncommitted changes' : ''}, built ${build.builtAt}`;
}
