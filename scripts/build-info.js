// What a build of dist/ was made from, written beside it (dist/build-info.json) by build-server.mjs: the
// benchmark reports the product it measured by this, not by whatever the checkout holds when it runs.
'use strict';
const { execFileSync } = require('node:child_process');

const git = (root, args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/**
 * The commit checked out in `root` and whether tracked files differ from it (null commit: not a git checkout, or
 * no git on this machine, as in a container image's build).
 */
function buildInfo(root, now = new Date()) {
  const builtAt = now.toISOString();
  try {
    const commit = git(root, ['rev-parse', 'HEAD']).trim();
    const uncommittedChanges = git(root, ['status', '--porcelain', '--untracked-files=no']).trim() !== '';
    return { commit, uncommittedChanges, builtAt };
  } catch {
    return { commit: null, uncommittedChanges: false, builtAt };
  }
}

module.exports = { buildInfo };
