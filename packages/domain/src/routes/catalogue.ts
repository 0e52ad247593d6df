import { z } from 'zod';
import { BadRequest, Conflict, NotFound } from '../errors';
import { idParams } from '../schemas/common';
import {
  MAX_PRODUCT_PHOTOS,
  PRODUCT_UPDATE_PATHS,
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
  photoRef,
  productApproveBody,
  productBody,
  productPhotosAnswer,
  productQuery,
  productRecord,
  productRejectBody,
  productUpdateBody,
  providerBody,
  providerQuery,
  providerRecord,
  providerUpdateBody,
  treatmentBody,
  treatmentQuery,
  treatmentRecord,
  treatmentUpdateBody,
  type ProductUpdatePath,
} from '../schemas/catalogue';
import { productType } from '../schemas/platform';
import { crudRoutes, deletedAnswer, publicImage, route } from './define';

/** The catalogue (spec 001 §2–§9; appliances of spec 002 §3, §5–§7). */

const images =
  'png, jpg, jpeg, webp o gif de menos de 1 MB, revisadas por su contenido. Sin imágenes: 400 código 6';

/** Providers (spec 001 §3, §5). */
export const providerRoutes = crudRoutes({
  path: 'provider',
  resource: 'providers',
  tag: 'Proveedores',
  noun: 'un proveedor',
  notFound: NotFound.provider,
  record: providerRecord,
  query: providerQuery,
  create: providerBody,
  update: providerUpdateBody,
  list: {
    sortable: ['name', 'tradename', 'rfc', 'id', 'created_at'],
    defaultSort: 'name',
    searchable: ['name', 'tradename', 'rfc'],
    defaultSearch: ['name', 'tradename', 'rfc'],
  },
});

/**
 * Treatments (spec 001 §3–§5): created active, SKU unique of 4 to 10 (400 code 3) and locked on
 * edit, the commission required for Médico, areas unless Valoración (404 code 28 if unknown).
 */
export const treatmentRoutes = {
  ...crudRoutes({
    path: 'treatment',
    resource: 'treatments',
    tag: 'Tratamientos',
    noun: 'un tratamiento',
    notFound: NotFound.treatment,
    record: treatmentRecord,
    query: treatmentQuery,
    create: treatmentBody,
    update: treatmentUpdateBody,
    list: {
      sortable: ['name', 'sku', 'price', 'type', 'id', 'created_at'],
      defaultSort: 'name',
      searchable: ['name', 'price', 'sku'],
      defaultSearch: ['name', 'price', 'sku'],
    },
    filters: 'filtros treatmentTypeId, categoryId, status',
    writeErrors: [
      [400, BadRequest.skuExists],
      [404, NotFound.areas],
    ],
  }),
  photo: route({
    method: 'POST',
    path: '/treatment/:id/photo',
    access: { privilege: { resource: 'treatments', action: 'edit' } },
    tag: 'Tratamientos',
    summary: `Subir la foto del tratamiento (multipart, campo image, una sola; reemplaza la anterior): ${images}`,
    params: idParams,
    multipart: true,
    answer: z.object({ id: z.number().int(), photo: photoRef }),
    errors: [
      [404, NotFound.treatment],
      [400, BadRequest.noImages],
    ],
  }),
};

/** Appliances (spec 002 §3, §5): deleting one deletes its links to branches. */
export const applianceRoutes = crudRoutes({
  path: 'appliance',
  resource: 'appliances',
  tag: 'Aparatos',
  noun: 'un aparato',
  notFound: NotFound.appliance,
  record: applianceRecord,
  query: applianceQuery,
  create: applianceBody,
  update: applianceUpdateBody,
  list: {
    sortable: ['name', 'brand', 'model', 'type', 'status', 'id', 'created_at'],
    defaultSort: 'name',
    searchable: ['name', 'brand', 'model'],
    defaultSearch: ['name', 'brand', 'model'],
  },
  filters:
    'filtros applianceType (id del tipo de tratamiento), condition (Funcionando, Averiado, Con fallas, En reparación), status o active (1|0)',
});

/**
 * Appliances installed at branches (spec 002 §5–§6): a role fixed to its branch sees and writes
 * only its own (another branch is 404); others choose the branch, with create. Changing the
 * appliance or the status needs approve. A device number in use is 400 code 1.
 */
export const branchApplianceRoutes = crudRoutes({
  path: 'branch-appliance',
  resource: 'appliances',
  tag: 'Aparatos',
  noun: 'un aparato de sucursal',
  notFound: NotFound.appliance,
  record: branchApplianceRecord,
  query: branchApplianceQuery,
  create: branchApplianceBody,
  update: branchApplianceUpdateBody,
  list: {
    sortable: ['sku', 'appliance', 'branch', 'lastMaintenance', 'id', 'created_at'],
    defaultSort: 'created_at',
    searchable: ['sku', 'appliance', 'brand', 'model'],
    defaultSearch: ['sku', 'appliance'],
  },
  filters: 'filtros branchId, applianceId, status',
  writeErrors: [
    [400, BadRequest.deviceNumberExists],
    [404, NotFound.branch],
  ],
});

const productCrud = crudRoutes({
  path: 'product',
  resource: 'products',
  tag: 'Productos',
  noun: 'un producto',
  notFound: NotFound.product,
  record: productRecord,
  query: productQuery,
  create: productBody,
  update: productUpdateBody,
  list: {
    sortable: ['name', 'sku', 'brand', 'cost', 'type', 'id', 'created_at'],
    defaultSort: 'created_at',
    searchable: ['sku', 'name', 'brand', 'barCode'],
    defaultSearch: ['sku', 'name', 'brand', 'barCode'],
  },
  filters:
    'filtros status, withDeleted, isApproved (pending|approved|rejected, o 1 aprobado y 0 no aprobado), providerId, categoryId, productTypeId, excludeType (ids separados por coma)',
  writeErrors: [[400, BadRequest.skuExists]],
  deleteErrors: [[404, NotFound.productInStock]],
});

const productPrivilege = (action: 'edit' | 'approve') => ({
  privilege: { resource: 'products' as const, action },
});
const reviewed = [
  [404, NotFound.product],
  [409, Conflict.saveFailed],
] as const;

const updateProductRoute = <const P extends ProductUpdatePath>(path: P) =>
  route({
    method: 'PUT',
    path: `/product/:id/${path}`,
    access: productPrivilege('edit'),
    tag: 'Productos',
    summary: `Actualizar un producto cuyo tipo usa ${path} (otro tipo: 400). SKU y tipo no cambian; removedPhotosIds elimina fotos; un producto rechazado vuelve a Pendiente y ni su estatus ni sus precios cambian; los campos financieros requieren approve y el precio franquicia sigue la fórmula.`,
    params: idParams,
    body: productUpdateBody,
    answer: productRecord,
    errors: [
      [404, NotFound.product],
      [404, NotFound.photo],
      [400, BadRequest.skuExists],
    ],
  });

/** Products with their approval, prices and photos (spec 001 §3–§9). */
export const productRoutes = {
  list: productCrud.list,
  get: productCrud.get,
  create: {
    ...productCrud.create,
    summary:
      'Crear un producto: queda Pendiente y activo; SKU de 4 a 12 único (400 código 3); IVA 0, 8 o 16. Las fotos van después en POST /product/{id}/photos.',
  },
  /** One update path per product type (spec 001 §7). */
  update: {
    'update-medical-product': updateProductRoute(PRODUCT_UPDATE_PATHS['Médico/Venta']),
    'update-cosmetic-product': updateProductRoute(PRODUCT_UPDATE_PATHS['Cosmetólogo/Venta']),
    'update-cabain-product': updateProductRoute(PRODUCT_UPDATE_PATHS['Uso Cabina']),
    'update-input-product': updateProductRoute(PRODUCT_UPDATE_PATHS.Insumo),
  },
  approve: route({
    method: 'PUT',
    path: '/product/:id/approve',
    access: productPrivilege('approve'),
    tag: 'Productos',
    summary:
      'Aprobar un producto pendiente (409 si ya fue revisado) con los campos financieros de su tipo: indirectExpenses (Cosmetólogo/Venta y Médico/Venta), franchiseTax, additionalCostFranchise y, para Cosmetólogo/Venta, profitPorcentage, salePrice y points. franchisePrice lo calcula el servidor (costo con IVA × (1 + franchiseTax/100) × (1 + additionalCostFranchise/100) + indirectExpenses); un valor enviado que difiera por más de un centavo es 400.',
    params: idParams,
    body: productApproveBody,
    answer: productRecord,
    errors: reviewed,
  }),
  reject: route({
    method: 'PUT',
    path: '/product/:id/reject',
    access: productPrivilege('approve'),
    tag: 'Productos',
    summary:
      'Rechazar un producto pendiente (409 si ya fue revisado); reason opcional queda en la bitácora',
    params: idParams,
    body: productRejectBody.nullish(),
    answer: productRecord,
    errors: reviewed,
  }),
  photos: route({
    method: 'POST',
    path: '/product/:id/photos',
    access: productPrivilege('edit'),
    tag: 'Productos',
    summary: `Subir fotos (multipart, uno o varios campos image), máximo ${MAX_PRODUCT_PHOTOS} por producto: ${images}`,
    params: idParams,
    multipart: true,
    answer: productPhotosAnswer,
    errors: [
      [404, NotFound.product],
      [400, BadRequest.noImages],
    ],
  }),
  removePhoto: route({
    method: 'DELETE',
    path: '/product/photo/:id/delete',
    access: productPrivilege('edit'),
    tag: 'Productos',
    summary: 'Eliminar una foto de producto (404 código 15)',
    params: idParams,
    answer: deletedAnswer,
    errors: [[404, NotFound.photo]],
  }),
  remove: productCrud.remove,
  photo: publicImage('/product/photo/:name', 'Productos', 'Foto de un producto'),
  thumbnail: publicImage(
    '/photo/thumbnail/:name',
    'Tratamientos',
    'Miniatura webp de la foto de un tratamiento o producto',
  ),
};

/** The catalogue's read-only lookups that every signed-in screen may load. */
export const catalogueLookupRoutes = {
  areas: route({
    method: 'GET',
    path: '/area',
    access: { signedIn: 'la agenda y las ventas muestran las áreas' },
    tag: 'Catálogos',
    summary:
      'Áreas del cuerpo y del rostro por tipo de tratamiento (404 código 9 si el tipo no existe)',
    query: areaQuery,
    answer: z.array(areaRecord),
    errors: [[404, NotFound.treatmentType]],
  }),
  consents: route({
    method: 'GET',
    path: '/consent',
    access: { signedIn: 'los consentimientos se firman en la cita' },
    tag: 'Catálogos',
    summary: 'Consentimientos informados que firma el cliente, con su texto',
    answer: z.array(consentRecord),
  }),
  consent: route({
    method: 'GET',
    path: '/consent/:id',
    access: { signedIn: 'el consentimiento se firma en la cita' },
    tag: 'Catálogos',
    summary: 'Un consentimiento informado',
    params: idParams,
    answer: consentRecord,
    errors: [[404, 0]],
  }),
  productType: route({
    method: 'GET',
    path: '/product-type/:id',
    access: { signedIn: 'es un catálogo de referencia' },
    tag: 'Catálogos',
    summary: 'Un tipo de producto (404 código 16)',
    params: idParams,
    answer: productType,
    errors: [[404, NotFound.productType]],
  }),
};
