import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_HIDDEN_FIELDS, auditFieldLabels } from '@clinica/domain';
import { call, createTestApp, signInAs, type TestApp } from '../test/harness';
import { seedDemoHistory } from './demo-history';

interface Entry {
  module: { name: string; alias: string };
  action: string;
  recordId: number | null;
  recordName: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  user: { name: string } | null;
  created_at: string;
}

let t: TestApp;
let entries: Entry[];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoHistory(t.app.db, t.clock);
  const { token } = await signInAs(t.app, 'superAdmin');
  // The newest 500 entries: the demo's history, beneath what the demo seed itself wrote last
  // (customers and their notes); not the sign-in just made.
  entries = [];
  for (let page = 1; page <= 5; page++) {
    const answer = await call<{ items: Entry[] }>(t.app, 'GET', '/v1/log', {
      token,
      query: { take: '100', page: String(page) },
    });
    expect(answer.status).toBe(200);
    entries.push(...answer.body.data.items.filter((entry) => entry.module.alias !== 'auth'));
  }
});
afterAll(async () => {
  await t.close();
});

describe('the demo leaves a real history (issue 11 item 5)', () => {
  it('is made through the services: creations, changes and an approval across the catalogue, the organization and the staff', () => {
    const kinds = new Set(entries.map((entry) => `${entry.module.alias}:${entry.action}`));
    for (const kind of [
      'providers:create',
      'providers:update',
      'category:create',
      'products:create',
      'products:approve',
      'products:update',
      'treatments:update',
      'branch:update',
      'users:update',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // Days apart, each by a named member of the staff.
    expect(new Set(entries.map((entry) => entry.created_at.slice(0, 10))).size).toBeGreaterThan(2);
    for (const entry of entries) expect(entry.user?.name).toBeTruthy();
  });

  it('names every record (never #7) and every changed field in Spanish', () => {
    const unnamed: string[] = [];
    const unlabelled: string[] = [];
    for (const entry of entries) {
      if (!entry.recordName) unnamed.push(`${entry.module.alias}:${entry.action}`);
      const labels = auditFieldLabels(entry.module.alias);
      for (const key of Object.keys(entry.changes ?? {})) {
        if (!labels[key] && !AUDIT_HIDDEN_FIELDS.has(key))
          unlabelled.push(`${entry.module.alias}.${key}`);
      }
    }
    expect(unnamed).toEqual([]);
    expect([...new Set(unlabelled)]).toEqual([]);
  });
});
