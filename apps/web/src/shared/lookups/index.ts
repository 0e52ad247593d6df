/**
 * The lookup registry: every selection list a screen reads comes from here, with the one query
 * key and freshness `registry.ts` gives it. A feature never imports another feature; what two
 * features share to choose from lives here.
 */
export { LOOKUPS } from './registry';
export * from './branches';
export * from './catalogue';
export * from './organization';
export * from './staff';
