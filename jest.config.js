// Three tiers (STYLE.md): unit beside the code, integration against real Postgres and Kafka,
// e2e through the gateway over HTTP. Integration and e2e share one global setup that starts
// (or finds) the database server and the Kafka broker once per run.
const fs = require('node:fs');
const path = require('node:path');
const { pathsToModuleNameMapper } = require('./scripts/jest-paths.js');

// jest refuses a root that does not exist (test/ appears with the first cross-service test).
const existing = (dirs) => dirs.filter((d) => fs.existsSync(path.join(__dirname, d)));

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: pathsToModuleNameMapper(),
  roots: existing(['services', 'libs', 'simulator', 'test']).map((d) => `<rootDir>/${d}`),
  setupFiles: ['reflect-metadata'],
};

module.exports = {
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      // testTimeout is a global-only option in jest 29; a per-project setup file sets it instead.
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/timeout-integration.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/timeout-e2e.ts'],
    },
  ],
};
