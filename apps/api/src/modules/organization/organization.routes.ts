import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotFound,
  cabinBody,
  cabinQuery,
  cabinRecord,
  cabinTypeBody,
  cabinTypeQuery,
  cabinTypeRecord,
  cabinTypeUpdateBody,
  cabinUpdateBody,
  categoryRoutes,
} from '@clinica/domain';
import { registerCrud } from '../../platform/crud-routes';
import { serveCrud } from '../../platform/routes';
import * as cabins from './cabin.service';
import * as cabinTypes from './cabin-type.service';
import { categoryService } from './category.service';

/** Cabins, cabin types and categories (spec 000 §2–§7). Branches have routes of their own. */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrud(app, {
    path: 'cabain',
    resource: 'cabain',
    tag: 'Cabinas',
    noun: 'una cabina',
    listHelp:
      'Cabinas con horarios; búsqueda por name o description; filtros status, typeId, branchId; orden por name, id, branch, type, created_at',
    notFoundCode: NotFound.cabin,
    schemas: { record: cabinRecord, query: cabinQuery, create: cabinBody, update: cabinUpdateBody },
    list: (session, query) => cabins.listCabins(app, session, query),
    get: (session, id) => cabins.getCabin(app, session, id),
    create: (session, body) => cabins.createCabin(app, session, body),
    update: (session, id, body) => cabins.updateCabin(app, session, id, body),
    remove: (session, id) => cabins.deleteCabin(app, session, id),
  });

  registerCrud(app, {
    path: 'cabain-type',
    resource: 'cabain_types',
    tag: 'Tipos de cabina',
    noun: 'un tipo de cabina',
    listHelp:
      'Tipos de cabina; búsqueda por name o color; filtro treatmentTypeId; orden por order, name, color, id',
    notFoundCode: NotFound.cabinType,
    schemas: {
      record: cabinTypeRecord,
      query: cabinTypeQuery,
      create: cabinTypeBody,
      update: cabinTypeUpdateBody,
    },
    list: (_session, query) => cabinTypes.listCabinTypes(app, query),
    get: (_session, id) => cabinTypes.getCabinType(app, id),
    create: (session, body) => cabinTypes.createCabinType(app, session, body),
    update: (session, id, body) => cabinTypes.updateCabinType(app, session, id, body),
    remove: (session, id) => cabinTypes.deleteCabinType(app, session, id),
  });

  serveCrud(app, categoryRoutes, categoryService);
};
