import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contractLabel,
  staffRoutes,
  type RoleKey,
  type StaffRecord,
  type staffByRoleQuery,
  type staffListQuery,
} from '@clinica/domain';
import { branch, jobPosition, kardex, kardexSignature, role, user } from '../../db/schema';
import type { Context } from '../../platform/context';
import { listPage, listSpec, searchThrough } from '../../platform/list';
import { inScope } from '../../platform/write';
import { jsonRows } from '../../platform/json-rows';

/** The staff lists: `GET /user` (spec 000 §2) and the medics and cosmetologists by branch. */

/**
 * The three names joined (all required), with `||` rather than concat_ws, which is only STABLE:
 * an immutable expression can have its trigram index (platform/list-indexes.ts).
 */
const fullName = sql`(${user.name} || ' ' || ${user.lastName} || ' ' || ${user.motherLastName})`;

/** `GET /user`: its columns for the fields the route table declares; scoped to the file's branch. */
const spec = listSpec(staffRoutes.list.list, {
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
  searchable: {
    fullName,
    name: user.name,
    lastName: user.lastName,
    motherLastName: user.motherLastName,
    username: user.username,
    // In the kardex: its matches are looked up first (searchThrough), so the search stays on the
    // user table's trigram indexes (full name included) instead of testing every joined row.
    employeeNumber: searchThrough(user.id, kardex.userId, kardex.employeeNumber),
  },
  active: sql`${user.status} = 'activo'`,
  deletedAt: user.deletedAt,
  tieBreaker: user.id,
  branch: kardex.branchId,
});

const columns = {
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
  // Read with the row (a correlated sub-select folded to JSON): the page is one statement.
  signatures: jsonRows<{ number: number; date: string }>(
    { number: kardexSignature.number, date: kardexSignature.date },
    sql`FROM ${kardexSignature} WHERE ${kardexSignature.kardexId} = ${kardex.id}`,
    [kardexSignature.number],
  ),
};

/** `GET /user`: the columns of the staff list (spec 000 §2), branch-scoped. */
export async function listStaff(ctx: Context, query: z.output<typeof staffListQuery>) {
  const page = await listPage(ctx, spec, query, {
    columns,
    from: (select) =>
      select
        .from(user)
        .innerJoin(role, eq(role.id, user.roleId))
        .innerJoin(kardex, eq(kardex.userId, user.id))
        .innerJoin(branch, eq(branch.id, kardex.branchId))
        .innerJoin(jobPosition, eq(jobPosition.id, kardex.jobPositionId))
        .$dynamic(),
    filters: [
      query.branchId ? eq(kardex.branchId, query.branchId) : undefined,
      query.roleId ? eq(user.roleId, query.roleId) : undefined,
    ],
  });
  return {
    meta: page.meta,
    items: page.items.map(
      ({ kardexId, employeeNumber, photo, mainBranch, jobPosition, signatures, ...item }) => ({
        ...item,
        status: item.status as StaffRecord['status'],
        kardex: {
          id: kardexId,
          employeeNumber,
          mainBranch,
          jobPosition,
          photo: photo ? { name: photo } : null,
          signatures,
        },
        contract: contractLabel(signatures),
      }),
    ),
  };
}

/** `GET /user/doctors/` and `/user/cosmetologists/`: active staff of one role, by branch. */
export async function listStaffOfRole(
  ctx: Context,
  roleKey: RoleKey,
  query: z.output<typeof staffByRoleQuery>,
) {
  const filters: (SQL | undefined)[] = [
    eq(role.key, roleKey),
    eq(user.status, 'activo'),
    isNull(user.deletedAt),
    inScope(ctx.session, kardex.branchId),
    query.branchId ? eq(kardex.branchId, query.branchId) : undefined,
  ];
  return ctx.db
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
