export * from './define';
export * from './organization';
export * from './users';
export * from './platform';
export * from './auth';
