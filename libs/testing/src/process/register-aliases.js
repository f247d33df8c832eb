// Resolves the @app/* aliases of tsconfig.json in plain Node: jest's moduleNameMapper does not apply
// to globalSetup/globalTeardown modules, and processes started by spawnNode have no jest at all.
'use strict';
const path = require('node:path');
const Module = require('node:module');

const INSTALLED = Symbol.for('@app/testing:aliases');
if (!globalThis[INSTALLED]) {
  globalThis[INSTALLED] = true;
  const root = path.resolve(__dirname, '..', '..', '..', '..');
  const { pathsToModuleNameMapper } = require(path.join(root, 'scripts', 'jest-paths.js'));
  const aliases = Object.entries(pathsToModuleNameMapper()).map(([from, to]) => [new RegExp(from), to]);
  const originalResolve = Module._resolveFilename;
  Module._resolveFilename = function resolveAlias(request, ...rest) {
    if (request.startsWith('@app/')) {
      for (const [pattern, target] of aliases) {
        if (pattern.test(request)) {
          return originalResolve.call(this, request.replace(pattern, target), ...rest);
        }
      }
    }
    return originalResolve.call(this, request, ...rest);
  };
}
