export * from './config';
export * from './logger';
export * from './request-context';
export * from './secret-box';
export * from './url';
