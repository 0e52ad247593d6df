import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  Conflict,
  DEFAULT_TIME_ZONE,
  attendanceRoutes,
  type attendanceQuery,
  type checkInBody,
} from '@clinica/domain';
import { attendance, branch, user } from '../../db/schema';
import { audit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import type { Context } from '../../platform/context';
import { listPage, listSpec, withinDays } from '../../platform/list';
import { accountByUsername, assertNotLocked, checkPassword, worksAt } from '../auth/credentials';

/**
 * 'Registrar Entrada': a staff member records their arrival at the branch of the open session
 * with their own username and password. Wrong credentials are 409 code 9 (not 401, which would
 * sign out whoever is at the screen) and count toward the lockout; another branch's staff, 409 code 8.
 * The credential checks are the sign-in's own (`auth/credentials`), which take the server.
 */
export async function checkIn(
  app: FastifyInstance,
  ctx: Context,
  body: z.output<typeof checkInBody>,
) {
  const { session } = ctx;
  await assertNotLocked(app, body.username, session.branchId);
  const account = await accountByUsername(app, body.username);
  const ok = await checkPassword(app, account, body.username, body.password, {
    branchId: session.branchId,
    action: 'checkin_failed',
  });
  if (!ok || !account) throw conflict(Conflict.invalidCredentials);
  if (!worksAt(account, session.branchId)) throw conflict(Conflict.unauthorizedCheckIn);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(attendance)
      .values({
        userId: account.id,
        branchId: session.branchId,
        registeredById: session.userId,
        checkedInAt: now,
      })
      .returning();
    await audit(
      tx,
      { userId: account.id, branchId: session.branchId },
      { module: 'users', action: 'checkin', recordId: account.id },
      now,
    );
    return {
      id: row!.id,
      user: {
        id: account.id,
        name: account.name,
        lastName: account.lastName,
        username: account.username,
      },
      branch: { id: session.branchId, name: session.branch },
      checkedInAt: now.toISOString(),
    };
  });
}

const spec = listSpec(attendanceRoutes.list.list, {
  sortable: { checkedInAt: attendance.checkedInAt, id: attendance.id, name: user.name },
  searchable: { name: user.name, lastName: user.lastName, username: user.username },
  tieBreaker: attendance.id,
  branch: attendance.branchId,
});

const columns = {
  id: attendance.id,
  checkedInAt: attendance.checkedInAt,
  user: { id: user.id, name: user.name, lastName: user.lastName, username: user.username },
  branch: { id: branch.id, name: branch.name },
};

/** Attendance for managers: their branch, or any for the roles that see every branch. */
export async function listAttendance(ctx: Context, query: z.output<typeof attendanceQuery>) {
  const page = await listPage(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(attendance)
        .innerJoin(user, eq(user.id, attendance.userId))
        .innerJoin(branch, eq(branch.id, attendance.branchId))
        .$dynamic(),
    filters: [
      query.branchId ? eq(attendance.branchId, query.branchId) : undefined,
      query.userId ? eq(attendance.userId, query.userId) : undefined,
      ...withinDays(attendance.checkedInAt, query.from, query.to, DEFAULT_TIME_ZONE),
    ],
  });
  return {
    meta: page.meta,
    items: page.items.map((row) => ({ ...row, checkedInAt: row.checkedInAt.toISOString() })),
  };
}
