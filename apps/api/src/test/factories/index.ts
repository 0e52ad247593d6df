/**
 * Small factories for API tests (issue 23, apps/api/src/test/README.md): each builds the records a
 * test needs through the API (or, for what no route writes, the same tables the services write),
 * so a test never depends on a particular demo row. Only reference data (branches, roles, the
 * demo's users to sign in as, settings) and the catalogue by its properties (an active treatment
 * with a price, a product type) are read from the start the harness gives. One file an area.
 */
export * from './agenda';
export * from './catalogue';
export * from './customers';
export * from './organization';
export * from './sales';
export * from './staff';
export * from './stock';
