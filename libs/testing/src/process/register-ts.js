// Preloaded (node -r) by spawnNode for a .ts entry point: compiles TypeScript on require with SWC
// (the project's .swcrc, as jest and the build use it) and resolves the @app/* aliases, so tests can start services
// from source without a build step.
'use strict';
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
require('./register-aliases.js');

const { swcOptions } = require('../../../../scripts/swc-options.js');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...swcOptions, filename, sourceMaps: 'inline' });
  module._compile(code, filename);
};
require('reflect-metadata');
