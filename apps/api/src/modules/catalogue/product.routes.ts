import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PRODUCT_PHOTOS,
  PRODUCT_UPDATE_PATHS,
  envelope,
  idParams,
  listOf,
  productApproveBody,
  productBody,
  productPhotosAnswer,
  productQuery,
  productRecord,
  productRejectBody,
  productUpdateBody,
  type Action,
} from '@clinica/domain';
import { created, ok } from '../../platform/envelope';
import { sessionOf } from '../../platform/session';
import { addProductPhotos, deleteProductPhoto } from './photos';
import { approveProduct, rejectProduct, updateProduct } from './product-review';
import { createProduct, deleteProduct, getProduct, listProducts } from './product.service';

const tags = ['Productos'];
const can = (action: Action) => ({ privilege: { resource: 'products', action } }) as const;
const record = envelope(productRecord);
const deleted = envelope(z.object({ id: z.number().int() }));

/** Products with their approval (spec 001 §2–§9). Photos are read at the public photo routes. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/product', {
    config: can('view'),
    schema: {
      tags,
      summary:
        'Productos; búsqueda por sku, name, brand o barCode; filtros status, withDeleted, isApproved (pending|approved|rejected, o 1 aprobado y 0 no aprobado), providerId, categoryId, productTypeId, excludeType (ids separados por coma); orden por name, sku, brand, cost, type, id, created_at',
      querystring: productQuery,
      response: { 200: envelope(listOf(productRecord)) },
    },
    handler: async (request) => ok(await listProducts(app, request.query)),
  });

  app.get('/product/:id', {
    config: can('view'),
    schema: {
      tags,
      summary:
        'Un producto con tipo, proveedores, categorías, fotos, estado de aprobación y precios calculados (404 código 13)',
      params: idParams,
      response: { 200: record },
    },
    handler: async (request) => ok(await getProduct(app, request.params.id)),
  });

  app.post('/product/create', {
    config: can('create'),
    schema: {
      tags,
      summary:
        'Crear un producto: queda Pendiente y activo; SKU de 4 a 12 único (400 código 3); IVA 0, 8 o 16. Las fotos van después en POST /product/{id}/photos.',
      body: productBody,
      response: { 201: record },
    },
    handler: async (request, reply) =>
      reply.status(201).send(created(await createProduct(app, sessionOf(request), request.body))),
  });

  for (const path of Object.values(PRODUCT_UPDATE_PATHS)) {
    app.put(`/product/:id/${path}`, {
      config: can('edit'),
      schema: {
        tags,
        summary: `Actualizar un producto cuyo tipo usa ${path} (otro tipo: 400). SKU y tipo no cambian; removedPhotosIds elimina fotos; un producto rechazado vuelve a Pendiente y su estatus no cambia; los campos financieros requieren approve y el precio franquicia sigue la fórmula.`,
        params: idParams,
        body: productUpdateBody,
        response: { 200: record },
      },
      handler: async (request) =>
        ok(await updateProduct(app, sessionOf(request), request.params.id, path, request.body)),
    });
  }

  app.put('/product/:id/approve', {
    config: can('approve'),
    schema: {
      tags,
      summary:
        'Aprobar un producto pendiente (409 si ya fue revisado) con los campos financieros de su tipo: indirectExpenses (Cosmetólogo/Venta y Médico/Venta), franchiseTax, additionalCostFranchise y, para Cosmetólogo/Venta, profitPorcentage, salePrice y points. franchisePrice lo calcula el servidor (costo con IVA × (1 + franchiseTax/100) × (1 + additionalCostFranchise/100) + indirectExpenses); un valor enviado que difiera por más de un centavo es 400.',
      params: idParams,
      body: productApproveBody,
      response: { 200: record },
    },
    handler: async (request) =>
      ok(await approveProduct(app, sessionOf(request), request.params.id, request.body)),
  });

  app.put('/product/:id/reject', {
    config: can('approve'),
    schema: {
      tags,
      summary:
        'Rechazar un producto pendiente (409 si ya fue revisado); reason opcional queda en la bitácora',
      params: idParams,
      body: productRejectBody.nullish(),
      response: { 200: record },
    },
    handler: async (request) =>
      ok(await rejectProduct(app, sessionOf(request), request.params.id, request.body)),
  });

  app.post('/product/:id/photos', {
    config: can('edit'),
    schema: {
      tags,
      summary: `Subir fotos (multipart, uno o varios campos image): png, jpg, jpeg, webp o gif de menos de 1 MB, revisadas por su contenido; máximo ${MAX_PRODUCT_PHOTOS} por producto. Sin imágenes: 400 código 6.`,
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: envelope(productPhotosAnswer) },
    },
    handler: async (request) =>
      ok(await addProductPhotos(app, sessionOf(request), request.params.id, request.files())),
  });

  app.delete('/product/photo/:id/delete', {
    config: can('edit'),
    schema: {
      tags,
      summary: 'Eliminar una foto de producto (404 código 15)',
      params: idParams,
      response: { 200: deleted },
    },
    handler: async (request) =>
      ok(await deleteProductPhoto(app, sessionOf(request), request.params.id)),
  });

  app.route({
    method: ['POST', 'DELETE'],
    url: '/product/:id/delete',
    config: can('delete'),
    schema: {
      tags,
      summary:
        'Eliminar (baja lógica) un producto; 404 código 35 si una sucursal lo tiene en stock',
      params: idParams,
      response: { 200: deleted },
    },
    handler: async (request) =>
      ok(await deleteProduct(app, sessionOf(request), (request.params as { id: number }).id)),
  });
};
