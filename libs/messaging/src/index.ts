export * from './in-process.broker';
export * from './in-process.transport';
export * from './contract.interceptor';
export * from './handlers';
export * from './message-bus';
export * from './kafka';
export * from './runtime.module';
export * from './health.controller';
