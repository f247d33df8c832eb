// Preloaded (node -r) by spawnNode for a .ts entry point: compiles TypeScript on require with SWC
// (same options as jest.config.js) and resolves the @app/* aliases, so tests can start services
// from source without a build step.
'use strict';
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
require('./register-aliases.js');

const swcOptions = (filename) => ({
  filename,
  sourceMaps: 'inline',
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
});

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), swcOptions(filename));
  module._compile(code, filename);
};
require('reflect-metadata');
