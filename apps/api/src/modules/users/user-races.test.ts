import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';
import { created, t, tokens, update, useStaffWorld } from './user.fixture';

useStaffWorld();

describe.skipIf(!onPostgres)('staff under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'user',
    id: (await created()).id,
    module: 'users',
    notFound: 4,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, tokens.superAdmin, await target());
  });

  it('an update racing the delete never lands on the deleted staff member', async () => {
    await expectNoUpdateAfterDelete(t.app, tokens.superAdmin, await target(), {
      lastName: 'Carrera',
      kardex: { workShift: 'vespertino' },
    });
  });

  it('concurrent edits of one file apply one after the other, each audited from the one before', async () => {
    const { id } = await created();
    const names = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'];
    const answers = await Promise.all(names.map((lastName) => update(id, { lastName })));
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
    const log = await call<{
      items: {
        action: string;
        recordId: number;
        changes: Record<string, { before: unknown; after: unknown }>;
      }[];
    }>(t.app, 'GET', '/v1/log', {
      token: tokens.superAdmin,
      query: { module: 'users', action: 'update', take: '100', order: 'ASC', field: 'id' },
    });
    const chain = log.body.data.items
      .filter((entry) => entry.recordId === id)
      .map((entry) => entry.changes.lastName!);
    expect(chain).toHaveLength(names.length);
    expect(chain[0]!.before).toBe('Gómez');
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.before).toBe(chain[i - 1]!.after);
  });
});

// Last in the file: moving the clock 73 hours expires the tokens signed in above.
