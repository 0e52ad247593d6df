export * from './define';
export * from './organization';
export * from './catalogue';
