// Three tiers (STYLE.md): unit beside the code, integration against real Postgres and Kafka,
// e2e through the gateway over HTTP. Integration and e2e share one global setup that starts
// (or finds) the database server and the Kafka broker once per run.
const { pathsToModuleNameMapper } = require('./scripts/jest-paths.js');
const { swcOptions } = require('./scripts/swc-options.js');

const swc = ['@swc/jest', { ...swcOptions, sourceMaps: 'inline' }];

const base = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: pathsToModuleNameMapper(),
  roots: ['<rootDir>/services', '<rootDir>/libs', '<rootDir>/simulator', '<rootDir>/test', '<rootDir>/bench'],
  setupFiles: ['reflect-metadata'],
  restoreMocks: true,
};

module.exports = {
  // Integration and e2e tests start real servers; unit tests finish far below this.
  testTimeout: 120000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['**/*.spec.ts'] },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest/global-teardown.ts',
    },
  ],
};
