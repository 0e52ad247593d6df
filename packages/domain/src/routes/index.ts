export * from './define';
export * from './organization';
export * from './catalogue';
export * from './users';
export * from './platform';
export * from './auth';
export * from './inventory';
export * from './stock-flows';
