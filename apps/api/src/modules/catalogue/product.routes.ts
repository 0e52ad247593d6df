import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { productRoutes } from '@clinica/domain';
import { contextOf } from '../../platform/context';
import { ok } from '../../platform/envelope';
import { routeOptions, serve } from '../../platform/routes';
import { addProductPhotos, deleteProductPhoto } from './photos';
import { approveProduct, rejectProduct, updateProduct } from './product-review';
import { createProduct, deleteProduct, getProduct, listProducts } from './product.service';

/** Products with their approval (spec 001 §2–§9). Photos are read at the public photo routes. */
export const productRoutesPlugin: FastifyPluginAsync = async (app) => {
  serve(app, productRoutes.list, (ctx, { query }) => listProducts(ctx, query));
  serve(app, productRoutes.get, (ctx, { params }) => getProduct(ctx, params.id));
  serve(app, productRoutes.create, (ctx, { body }) => createProduct(ctx, body));
  for (const [path, route] of Object.entries(productRoutes.update)) {
    serve(app, route, (ctx, { params, body }) =>
      updateProduct(ctx, params.id, path as keyof typeof productRoutes.update, body),
    );
  }
  serve(app, productRoutes.approve, (ctx, { params, body }) =>
    approveProduct(ctx, params.id, body),
  );
  serve(app, productRoutes.reject, (ctx, { params, body }) => rejectProduct(ctx, params.id, body));
  serve(app, productRoutes.removePhoto, (ctx, { params }) => deleteProductPhoto(ctx, params.id));
  serve(app, productRoutes.remove, (ctx, { params }) => deleteProduct(ctx, params.id));

  const photos = routeOptions(productRoutes.photos);
  app.route({
    ...photos,
    schema: { ...photos.schema, consumes: ['multipart/form-data'] },
    handler: async (request: FastifyRequest<{ Params: { id: number } }>) =>
      ok(await addProductPhotos(contextOf(app, request), request.params.id, request.files())),
  });
};
