import { and, asc, eq, isNull, ne, notExists } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchOption,
  color,
  colorQuery,
  department,
  envelope,
  jobPosition,
  productType,
  treatmentType,
} from '@clinica/domain';
import * as schema from '../../db/schema';
import { ok } from '../../platform/envelope';

const tags = ['Catálogos'];

/** The read-only lookups the forms load (spec 000 §7). */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/branch/all', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'Sucursales activas para la pantalla de inicio de sesión (sin sesión): id, nombre y código',
      response: { 200: envelope(z.array(branchOption)) },
    },
    handler: async () => {
      const rows = await app.db
        .select({ id: schema.branch.id, name: schema.branch.name, code: schema.branch.code })
        .from(schema.branch)
        .where(and(eq(schema.branch.active, true), isNull(schema.branch.deletedAt)))
        .orderBy(asc(schema.branch.name));
      return ok(rows);
    },
  });

  app.get('/department', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Departamentos. Cualquier sesión: catálogo fijo de solo lectura que cargan los formularios de todas las áreas.',
      response: { 200: envelope(z.array(department)) },
    },
    handler: async () =>
      ok(await app.db.select().from(schema.department).orderBy(asc(schema.department.name))),
  });

  app.get('/job-position', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Puestos, cada uno con su departamento. Cualquier sesión: catálogo fijo de solo lectura que cargan los formularios de todas las áreas.',
      response: { 200: envelope(z.array(jobPosition)) },
    },
    handler: async () => {
      const rows = await app.db
        .select({
          id: schema.jobPosition.id,
          name: schema.jobPosition.name,
          department: { id: schema.department.id, name: schema.department.name },
        })
        .from(schema.jobPosition)
        .innerJoin(schema.department, eq(schema.department.id, schema.jobPosition.departmentId))
        .orderBy(asc(schema.jobPosition.name));
      return ok(rows);
    },
  });

  app.get('/color', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Colores para los tipos de cabina (hex sin #); available=1 omite los que ya usa otro tipo de cabina (salvo el de cabinTypeId). Cualquier sesión: catálogo fijo de solo lectura que cargan los formularios de todas las áreas.',
      querystring: colorQuery,
      response: { 200: envelope(z.array(color)) },
    },
    handler: async (request) => {
      const onlyAvailable = request.query.available === '1' || request.query.available === 'true';
      const usedByOthers = and(
        eq(schema.cabinType.color, schema.color.hex),
        isNull(schema.cabinType.deletedAt),
        request.query.cabinTypeId ? ne(schema.cabinType.id, request.query.cabinTypeId) : undefined,
      );
      const rows = await app.db
        .select()
        .from(schema.color)
        .where(
          onlyAvailable
            ? notExists(
                app.db
                  .select({ id: schema.cabinType.id })
                  .from(schema.cabinType)
                  .where(usedByOthers),
              )
            : undefined,
        )
        .orderBy(asc(schema.color.id));
      return ok(rows);
    },
  });

  app.get('/treatment-type', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Tipos de tratamiento. Cualquier sesión: catálogo fijo de solo lectura que cargan los formularios de todas las áreas.',
      response: { 200: envelope(z.array(treatmentType)) },
    },
    handler: async () =>
      ok(await app.db.select().from(schema.treatmentType).orderBy(asc(schema.treatmentType.id))),
  });

  app.get('/product-type', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Tipos de producto. Cualquier sesión: catálogo fijo de solo lectura que cargan los formularios de todas las áreas.',
      response: { 200: envelope(z.array(productType)) },
    },
    handler: async () =>
      ok(await app.db.select().from(schema.productType).orderBy(asc(schema.productType.id))),
  });
};
