export * from './define';
export * from './organization';
