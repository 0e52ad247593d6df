import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  contractLabel,
  type RoleKey,
  type StaffRecord,
  type staffByRoleQuery,
  type staffListQuery,
} from '@clinica/domain';
import { branch, jobPosition, kardex, role, user } from '../../db/schema';
import { planList, runList, type ListSpec } from '../../platform/list';
import { inScope } from '../../platform/scope';
import type { Session } from '../../platform/session';
import { signaturesOf } from './kardex';

/** The staff lists: `GET /user` (spec 000 §2) and the medics and cosmetologists by branch. */

const fullName = sql`concat_ws(' ', ${user.name}, ${user.lastName}, ${user.motherLastName})`;

/** Sortable and searchable fields of `GET /user` (listed in the route's summary). */
export const staffListSpec: ListSpec = {
  sortable: {
    id: user.id,
    name: user.name,
    lastName: user.lastName,
    username: user.username,
    employeeNumber: kardex.employeeNumber,
    branch: branch.name,
    role: role.role,
    jobPosition: jobPosition.name,
    status: user.status,
    admissionDate: kardex.admissionDate,
    createdAt: user.createdAt,
  },
  defaultSort: 'id',
  searchable: {
    fullName,
    name: user.name,
    lastName: user.lastName,
    motherLastName: user.motherLastName,
    username: user.username,
    employeeNumber: kardex.employeeNumber,
  },
  defaultSearch: ['fullName', 'username', 'employeeNumber'],
  active: sql`${user.status} = 'activo'`,
  deletedAt: user.deletedAt,
  tieBreaker: user.id,
};

/** `GET /user`: the columns of the staff list (spec 000 §2), branch-scoped. */
export async function listStaff(
  app: FastifyInstance,
  session: Session,
  query: z.output<typeof staffListQuery>,
) {
  const plan = planList(
    staffListSpec,
    query,
    inScope(session, kardex.branchId),
    query.branchId ? eq(kardex.branchId, query.branchId) : undefined,
    query.roleId ? eq(user.roleId, query.roleId) : undefined,
  );
  const page = await runList(plan, {
    rows: ({ where, orderBy, limit, offset }) =>
      app.db
        .select({
          id: user.id,
          name: user.name,
          lastName: user.lastName,
          motherLastName: user.motherLastName,
          username: user.username,
          status: user.status,
          role: { id: role.id, role: role.role },
          kardexId: kardex.id,
          employeeNumber: kardex.employeeNumber,
          photo: kardex.photo,
          mainBranch: { id: branch.id, name: branch.name },
          jobPosition: { id: jobPosition.id, name: jobPosition.name },
        })
        .from(user)
        .innerJoin(role, eq(role.id, user.roleId))
        .innerJoin(kardex, eq(kardex.userId, user.id))
        .innerJoin(branch, eq(branch.id, kardex.branchId))
        .innerJoin(jobPosition, eq(jobPosition.id, kardex.jobPositionId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: async (where) => {
      const [row] = await app.db
        .select({ total: count() })
        .from(user)
        .innerJoin(role, eq(role.id, user.roleId))
        .innerJoin(kardex, eq(kardex.userId, user.id))
        .innerJoin(branch, eq(branch.id, kardex.branchId))
        .innerJoin(jobPosition, eq(jobPosition.id, kardex.jobPositionId))
        .where(where);
      return row?.total ?? 0;
    },
  });
  const signatures = await signaturesOf(
    app.db,
    page.items.map((item) => item.kardexId),
  );
  return {
    meta: page.meta,
    items: page.items.map(
      ({ kardexId, employeeNumber, photo, mainBranch, jobPosition, ...item }) => {
        const signed = signatures.get(kardexId) ?? [];
        return {
          ...item,
          status: item.status as StaffRecord['status'],
          kardex: {
            id: kardexId,
            employeeNumber,
            mainBranch,
            jobPosition,
            photo: photo ? { name: photo } : null,
            signatures: signed,
          },
          contract: contractLabel(signed),
        };
      },
    ),
  };
}

/** `GET /user/doctors/` and `/user/cosmetologists/`: active staff of one role, by branch. */
export async function listStaffOfRole(
  app: FastifyInstance,
  session: Session,
  roleKey: RoleKey,
  query: z.output<typeof staffByRoleQuery>,
) {
  const filters: (SQL | undefined)[] = [
    eq(role.key, roleKey),
    eq(user.status, 'activo'),
    isNull(user.deletedAt),
    inScope(session, kardex.branchId),
    query.branchId ? eq(kardex.branchId, query.branchId) : undefined,
  ];
  return app.db
    .select({
      id: user.id,
      name: user.name,
      lastName: user.lastName,
      motherLastName: user.motherLastName,
      employeeNumber: kardex.employeeNumber,
      branch: { id: branch.id, name: branch.name },
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(kardex, eq(kardex.userId, user.id))
    .innerJoin(branch, eq(branch.id, kardex.branchId))
    .where(and(...filters))
    .orderBy(asc(user.name), asc(user.lastName), asc(user.id));
}
