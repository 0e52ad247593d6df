import { NotFound } from '@clinica/domain';
import { appliance, branch, category, product, provider } from '../db/schema';
import { resource } from './write';

/**
 * The records other records link to, as the write path locks them (`lockReferences`, FOR KEY
 * SHARE): their delete waits for the link to commit and then sees it.
 */
export const categoryRefs = resource({
  table: category,
  module: 'category',
  notFound: NotFound.category,
});
export const providerRefs = resource({
  table: provider,
  module: 'providers',
  notFound: NotFound.provider,
});
export const applianceRefs = resource({
  table: appliance,
  module: 'appliances',
  notFound: NotFound.appliance,
});
export const productRefs = resource({
  table: product,
  module: 'products',
  notFound: NotFound.product,
});
export const branchRefs = resource({ table: branch, module: 'branch', notFound: NotFound.branch });
