import { z } from 'zod';
import { date, filterText, id, labelled } from '../fields';
import { ACTIONS, RESOURCES, RESOURCE_KEYS, type Action, type Resource } from '../privileges';
import { msg } from '../messages';
import { listQuery, ref } from './common';

export const privilegesMap = z.record(z.string(), z.array(z.string()));

/** `PUT /role/{id}/update`: every key a known resource, every action one that resource has. */
export const updateRoleBody = z.strictObject({
  privileges: labelled(
    z
      .record(z.string(), z.array(z.string()), {
        error: (issue) =>
          issue.input === undefined
            ? msg.required('Privilegios')
            : 'El campo Privilegios debe ser un objeto de recurso → lista de acciones',
      })
      .superRefine((map, ctx) => {
        for (const [resource, actions] of Object.entries(map)) {
          if (!RESOURCE_KEYS.includes(resource as Resource)) {
            ctx.addIssue({
              code: 'custom',
              path: [resource],
              message: `Recurso desconocido: ${resource}`,
            });
            continue;
          }
          const allowed: readonly Action[] = RESOURCES[resource as Resource].actions;
          for (const action of actions) {
            if (!allowed.includes(action as Action)) {
              ctx.addIssue({
                code: 'custom',
                path: [resource],
                message: `La acción ${action} no aplica a ${RESOURCES[resource as Resource].name}`,
              });
            }
          }
        }
      }),
    'Privilegios',
  ),
});

export const role = z.object({
  id: z.number().int(),
  role: z.string(),
  key: z.string(),
  branchFixed: z.boolean(),
  path: z.string(),
  privileges: privilegesMap,
});

export const moduleEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string(),
  group: z.string(),
  actions: z.array(z.enum(ACTIONS)),
});

export const department = z.object({ id: z.number().int(), name: z.string() });
export const jobPosition = z.object({ id: z.number().int(), name: z.string(), department });
export const color = z.object({ id: z.number().int(), name: z.string(), hex: z.string() });
export const treatmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  appointmentName: z.string(),
});
export const productType = z.object({ id: z.number().int(), name: z.string() });
export const branchOption = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

/** `GET /log` (spec 001 §3 history entry; CONTRACT §5 audit). */
export const auditQuery = listQuery.extend({
  module: filterText('Módulo').optional(),
  action: filterText('Acción').optional(),
  userId: id('Usuario').optional(),
  branchId: id('Sucursal').optional(),
  /** Entries about one product (its catalogue changes and, later, its stock moves). */
  productId: id('Producto').optional(),
  from: date('Desde').optional(),
  to: date('Hasta').optional(),
});

export const auditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntry = z.object({
  id: z.number().int(),
  module: z.object({ name: z.string(), alias: z.string() }),
  action: z.string(),
  recordId: z.number().int().nullable(),
  /** What the record is called (a product's name, a staff member's full name), deleted or not. */
  recordName: z.string().nullable(),
  changes: z.record(z.string(), auditChange).nullable(),
  user: z
    .object({
      id: z.number().int(),
      name: z.string(),
      lastName: z.string(),
      motherLastName: z.string(),
    })
    .nullable(),
  branch: ref.nullable(),
  detail: z.string().nullable(),
  /** The order's number as printed (e.g. 'OC-000123'), when the entry is about an order. */
  order: z.string().nullable(),
  /** The stock lot, the product and the branches a stock flow moved units between. */
  stock: z.object({ id: z.number().int(), allotment: z.string() }).nullable(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }).nullable(),
  originBranch: ref.nullable(),
  destinationBranch: ref.nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /user/checkin`: the attendance list managers read. */
export const attendanceQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  userId: id('Usuario').optional(),
  from: date('Desde').optional(),
  to: date('Hasta').optional(),
});

export const attendanceEntry = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    lastName: z.string(),
    username: z.string(),
  }),
  branch: ref,
  checkedInAt: z.string(),
});
