export * from './organization';
export * from './users';
export * from './auth';
export * from './audit';
export * from './catalogue';
export * from './stock';
export * from './stock-flows';
