import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_PHOTOS } from '@clinica/domain';
import { catalogueRoutes } from './catalogue.routes';
import { photoRoutes } from './photo.routes';
import { productRoutesPlugin } from './product.routes';

/** The catalogue (issue 5): products, product types, treatments, providers, appliances. */
export const catalogueModule: FastifyPluginAsync = async (app) => {
  // One more file than a product takes, so a fourth image is refused by the rule (with its
  // message) rather than cut off by the parser.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_PHOTOS + 1, fields: 5 },
  });
  await app.register(catalogueRoutes);
  await app.register(productRoutesPlugin);
  await app.register(photoRoutes);
};
