export * from './config';
export * from './logger';
export * from './secret-box';
export * from './sha256';
export * from './url';
