import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotFound,
  applianceBody,
  applianceQuery,
  applianceRecord,
  applianceUpdateBody,
  areaQuery,
  areaRecord,
  branchApplianceBody,
  branchApplianceQuery,
  branchApplianceRecord,
  branchApplianceUpdateBody,
  consentRecord,
  envelope,
  idParams,
  productType,
  providerBody,
  providerQuery,
  providerRecord,
  providerUpdateBody,
  treatmentBody,
  treatmentQuery,
  treatmentRecord,
  treatmentUpdateBody,
} from '@clinica/domain';
import { registerCrud } from '../../platform/crud-routes';
import { ok } from '../../platform/envelope';
import * as appliances from './appliance.service';
import * as links from './branch-appliance.service';
import * as lookups from './lookups';
import * as providers from './provider.service';
import * as treatments from './treatment.service';

/** Providers, treatments, appliances and the catalogue's lookups (spec 001 §2–§9, 002 §3–§7). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCrud(app, {
    path: 'provider',
    resource: 'providers',
    tag: 'Proveedores',
    noun: 'un proveedor',
    listHelp:
      'Proveedores; búsqueda por name, tradename o rfc; orden por name, tradename, rfc, id, created_at',
    notFoundCode: NotFound.provider,
    schemas: {
      record: providerRecord,
      query: providerQuery,
      create: providerBody,
      update: providerUpdateBody,
    },
    list: (_session, query) => providers.listProviders(app, query),
    get: (_session, id) => providers.getProvider(app, id),
    create: (session, body) => providers.createProvider(app, session, body),
    update: (session, id, body) => providers.updateProvider(app, session, id, body),
    remove: (session, id) => providers.deleteProvider(app, session, id),
  });

  registerCrud(app, {
    path: 'treatment',
    resource: 'treatments',
    tag: 'Tratamientos',
    noun: 'un tratamiento',
    listHelp:
      'Tratamientos; búsqueda por name, price o sku; filtros treatmentTypeId, categoryId, status; orden por name, sku, price, type, id, created_at. Crear: siempre activo, SKU único de 4 a 10 (400 código 3), commission (medicalFee) obligatoria si el tipo es Médico, áreas obligatorias salvo Valoración (404 código 28 si no existen), consentId obligatorio con consent 1. Actualizar: el SKU no cambia.',
    notFoundCode: NotFound.treatment,
    schemas: {
      record: treatmentRecord,
      query: treatmentQuery,
      create: treatmentBody,
      update: treatmentUpdateBody,
    },
    list: (_session, query) => treatments.listTreatments(app, query),
    get: (_session, id) => treatments.getTreatment(app, id),
    create: (session, body) => treatments.createTreatment(app, session, body),
    update: (session, id, body) => treatments.updateTreatment(app, session, id, body),
    remove: (session, id) => treatments.deleteTreatment(app, session, id),
  });

  registerCrud(app, {
    path: 'appliance',
    resource: 'appliances',
    tag: 'Aparatos',
    noun: 'un aparato',
    listHelp:
      'Aparatos; búsqueda por name, brand o model; filtros applianceType (id del tipo de tratamiento), condition (Funcionando, Averiado, Con fallas, En reparación), status o active (1|0); orden por name, brand, model, type, status, id, created_at. Eliminar un aparato elimina sus vínculos con sucursales.',
    notFoundCode: NotFound.appliance,
    schemas: {
      record: applianceRecord,
      query: applianceQuery,
      create: applianceBody,
      update: applianceUpdateBody,
    },
    list: (_session, query) => appliances.listAppliances(app, query),
    get: (_session, id) => appliances.getAppliance(app, id),
    create: (session, body) => appliances.createAppliance(app, session, body),
    update: (session, id, body) => appliances.updateAppliance(app, session, id, body),
    remove: (session, id) => appliances.deleteAppliance(app, session, id),
  });

  registerCrud(app, {
    path: 'branch-appliance',
    resource: 'appliances',
    tag: 'Aparatos',
    noun: 'un aparato de sucursal',
    listHelp:
      'Aparatos vinculados a sucursales (los roles fijos a su sucursal solo ven la suya); búsqueda por sku, appliance, brand, model; filtros branchId, applianceId, status; orden por sku, appliance, branch, lastMaintenance, id, created_at. La sucursal la elige quien tiene create (y no es de sucursal fija); cambiar el aparato o el estatus requiere approve. SKU repetido: 400 código 1.',
    notFoundCode: NotFound.appliance,
    schemas: {
      record: branchApplianceRecord,
      query: branchApplianceQuery,
      create: branchApplianceBody,
      update: branchApplianceUpdateBody,
    },
    list: (session, query) => links.listBranchAppliances(app, session, query),
    get: (session, id) => links.getBranchAppliance(app, session, id),
    create: (session, body) => links.createBranchAppliance(app, session, body),
    update: (session, id, body) => links.updateBranchAppliance(app, session, id, body),
    remove: (session, id) => links.deleteBranchAppliance(app, session, id),
  });

  const tags = ['Catálogos'];

  app.get('/area', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Áreas del cuerpo y del rostro por tipo de tratamiento (404 código 9 si el tipo no existe). Cualquier usuario con sesión: la agenda y las ventas las muestran',
      querystring: areaQuery,
      response: { 200: envelope(z.array(areaRecord)) },
    },
    handler: async (request) => ok(await lookups.listAreas(app, request.query.treatmentTypeId)),
  });

  app.get('/consent', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Consentimientos informados que firma el cliente, con su texto. Cualquier usuario con sesión: se firman en la cita',
      response: { 200: envelope(z.array(consentRecord)) },
    },
    handler: async () => ok(await lookups.listConsents(app)),
  });

  app.get('/consent/:id', {
    config: { signedIn: true },
    schema: {
      tags,
      summary: 'Un consentimiento informado. Cualquier usuario con sesión: se firma en la cita',
      params: idParams,
      response: { 200: envelope(consentRecord) },
    },
    handler: async (request) => ok(await lookups.getConsent(app, request.params.id)),
  });

  app.get('/product-type/:id', {
    config: { signedIn: true },
    schema: {
      tags,
      summary:
        'Un tipo de producto (404 código 16). Cualquier usuario con sesión: es un catálogo de referencia',
      params: idParams,
      response: { 200: envelope(productType) },
    },
    handler: async (request) => ok(await lookups.getProductType(app, request.params.id)),
  });
};
