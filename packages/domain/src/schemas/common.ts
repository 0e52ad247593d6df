import { z } from 'zod';
import { MAX_INTEGER, filterText } from '../fields';

/** The envelope of every answer (CONTRACT §2). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    code: z.number().int(),
    message: z.string(),
    data,
  });
}

export const errorEnvelope = z.object({
  statusCode: z.number().int(),
  code: z.number().int(),
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const listMeta = z.object({
  page: z.number().int(),
  take: z.number().int(),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
  /**
   * On lists of tables that grow without end: the `after` that reads the page following this one
   * by its last row (keyset paging, which costs the same on page 1 and page 10,000); null on the
   * last page.
   */
  nextCursor: z.string().nullable().optional(),
});
export type ListMeta = z.infer<typeof listMeta>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: listMeta });
}

export const MAX_TAKE = 100;
export const DEFAULT_TAKE = 15;
export const PAGE_SIZES = [5, 10, 15, 30, 45, 60] as const;

const pageSize = z.coerce
  .number({ error: 'El tamaño de página debe ser un número' })
  .int('El tamaño de página debe ser un número entero')
  .min(1, 'El tamaño de página debe ser mayor a 0')
  .transform((value) => Math.min(value, MAX_TAKE));

/**
 * The list query every `GET /v1/{resource}` takes (CONTRACT §3). Resources extend it with their
 * own filters. `search` is JSON text `{"field":"name","value":"ana"}` or a plain value.
 */
export const listQuery = z.object({
  page: z.coerce
    .number({ error: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La página debe ser mayor a 0')
    .max(MAX_INTEGER, 'La página no es válida')
    .default(1),
  take: pageSize.optional(),
  limit: pageSize.optional(),
  order: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'El orden debe ser ASC o DESC' }))
    .default('DESC'),
  field: filterText('Ordenar por').optional(),
  search: filterText('Búsqueda').optional(),
  status: z.enum(['0', '1'], { error: 'El estatus debe ser 0 o 1' }).optional(),
  active: z
    .enum(['0', '1', 'true', 'false'], { error: 'El valor de activo no es válido' })
    .optional(),
  withDeleted: z
    .enum(['true', 'false', '1', '0'], { error: 'withDeleted debe ser true o false' })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
  /** The page after the one whose `meta.nextCursor` this is (lists that declare keyset paging). */
  after: filterText('Cursor').optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The `{ field, value }` shape of a list's `search` parameter. */
export const listSearch = z.object({
  field: filterText('Búsqueda').optional(),
  value: z.union([filterText('Búsqueda'), z.number()]).transform(String),
});

export const idParams = z.object({
  id: z.coerce
    .number({ error: 'El id debe ser un número' })
    .int('El id debe ser un número entero')
    .positive('El id debe ser positivo')
    .max(MAX_INTEGER, 'El id no es válido'),
});

/** A `{ id, name }` reference to a related record, as answers nest them (CONTRACT §2). */
export const ref = z.object({ id: z.number().int(), name: z.string() });
