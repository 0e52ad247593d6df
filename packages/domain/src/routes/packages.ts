import { z } from 'zod';
import { BadRequest, NotFound } from '../errors';
import type { Action } from '../privileges';
import { idParams, listOf } from '../schemas/common';
import { photoRef } from '../schemas/catalogue-fields';
import { offerBody, offerQuery, offerRecord, offerUpdateBody } from '../schemas/packages';
import { deletedAnswer, publicImage, route, sortedBy } from './define';

/**
 * Packages and promotions (spec 002 §7, CONTRACT §11): one resource at `/package`, the record's
 * `type` deciding the privilege, `packages` or `promotions`. A route opens to either; the API then
 * checks the privilege of the record's own type (403 without it), and a list shows only the types
 * the caller may view.
 */

const either = (action: Action) => ({
  anyOf: [
    { resource: 'packages' as const, action },
    { resource: 'promotions' as const, action },
  ],
});
const tag = 'Paquetes y promociones';
const notFound = [404, NotFound.packageOrPromotion] as const;
const writeErrors = [
  [400, BadRequest.skuExists],
  [404, NotFound.treatment],
  [404, NotFound.areas],
  [404, NotFound.branch],
  [404, NotFound.category],
] as const;

const sortable = ['name', 'sku', 'price', 'regularPrice', 'points', 'id', 'created_at'] as const;

export const packageRoutes = {
  list: route({
    method: 'GET',
    path: '/package',
    access: either('view'),
    tag,
    summary:
      'Listar paquetes o promociones (type Package o Promotion; sin type, los tipos que el usuario puede ver): búsqueda por name, sku; filtros type, treatmentTypeId, categoryId, status, branchId (ofrecidos en esa sucursal), onSale=true (en venta ahora en branchId, por omisión la sucursal de la sesión: activos, en sus fechas y horario en la zona de la sucursal) y paymentMethod (que acepten ese método). Es la consulta del punto de venta.',
    query: sortedBy(offerQuery, sortable),
    answer: listOf(offerRecord),
    list: {
      sortable,
      defaultSort: 'name',
      searchable: ['name', 'sku'],
      defaultSearch: ['name', 'sku'],
    },
  }),
  get: route({
    method: 'GET',
    path: '/package/:id',
    access: either('show'),
    tag,
    summary: 'Obtener un paquete o una promoción (privilegio de su tipo)',
    params: idParams,
    answer: offerRecord,
    errors: [notFound],
  }),
  create: route({
    method: 'POST',
    path: '/package/create',
    access: either('create'),
    tag,
    summary:
      'Crear un paquete o una promoción (privilegio create de su tipo): SKU de 4 a 12 único (400 código 3); price = Σ promotionPrice y regularPrice = Σ regularPrice de las líneas, calculados; fechas obligatorias con validBySchedule, horas con validByTime; sesiones ≥ 1 solo en paquetes; las áreas de cada línea, del tratamiento. La foto va después en POST /package/{id}/photo.',
    body: offerBody,
    answer: offerRecord,
    status: 201,
    errors: writeErrors,
  }),
  update: route({
    method: 'PUT',
    path: '/package/:id/update',
    access: either('edit'),
    tag,
    summary:
      'Actualizar un paquete o una promoción (privilegio edit de su tipo); los campos omitidos conservan su valor; el SKU no cambia y el tipo tampoco (otro tipo: 400). Las líneas enviadas reemplazan a las anteriores y los precios se recalculan.',
    params: idParams,
    body: offerUpdateBody,
    answer: offerRecord,
    errors: [notFound, ...writeErrors],
  }),
  remove: route({
    method: ['POST', 'DELETE'],
    path: '/package/:id/delete',
    access: either('delete'),
    tag,
    summary: 'Eliminar (baja lógica) un paquete o una promoción (privilegio delete de su tipo)',
    params: idParams,
    answer: deletedAnswer,
    errors: [notFound],
  }),
  photo: route({
    method: 'POST',
    path: '/package/:id/photo',
    access: { anyOf: [...either('create').anyOf, ...either('edit').anyOf] },
    tag,
    summary:
      'Subir la foto (multipart, campo image, una sola; reemplaza la anterior): png, jpg, jpeg, webp o gif de menos de 1 MB, revisadas por su contenido. Sin imágenes: 400 código 6. Privilegio create o edit del tipo: la pantalla de alta la sube justo después de crear.',
    params: idParams,
    multipart: true,
    answer: z.object({ id: z.number().int(), photo: photoRef }),
    errors: [notFound, [400, BadRequest.noImages]],
  }),
  thumbnail: publicImage(
    '/package/thumbnail/:name',
    tag,
    'Miniatura webp de la foto de un paquete o promoción',
  ),
};
