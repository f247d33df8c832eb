export * from './service-definition';
export * from './service.config';
export * from './run-distributed';
export * from './probes.controller';
export * from './readiness';
export * from './shutdown';
export * from './kafka-readiness';
export * from './listen-failure';
