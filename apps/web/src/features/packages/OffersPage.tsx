import { useMemo } from 'react';
import { Flex } from 'antd';
import type { OfferType } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { activeColumn, moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { lookupFilter, statusFilter } from '../../shared/list/filters';
import { recordActions } from '../../shared/list/rowActions';
import { useBranchFilter, useCategoryOptions } from '../../shared/lookups';
import {
  OFFER_SCREENS,
  fetchOfferPage,
  offerKeys,
  offerThumbnailUrl,
  removeOffer,
  type Offer,
} from './api';
import { OfferDetail, offerWindow } from './OfferDetail';
import './offers.css';

const columns = [
  tagColumn<Offer>(
    'name',
    'Nombre',
    (offer) => (
      <Flex align="center" gap={10}>
        {offer.photo && (
          <img
            className="offer-thumb"
            src={offerThumbnailUrl(offer.photo.name)}
            alt=""
            loading="lazy"
          />
        )}
        <span>{offer.name}</span>
      </Flex>
    ),
    (offer) => offer.name,
    { sort: true, opensDetail: true },
  ),
  textColumn<Offer>('sku', 'SKU', (offer) => offer.sku, { sort: true, mono: true }),
  textColumn<Offer>('category', 'Categoría', (offer) => offer.category.name),
  moneyColumn<Offer>('regularPrice', 'Precio regular', (offer) => offer.regularPrice, {
    sort: true,
  }),
  moneyColumn<Offer>('price', 'Precio', (offer) => offer.price, { sort: true }),
  textColumn<Offer>('branches', 'Sucursales', (offer) =>
    offer.branches.map((branch) => branch.name).join(', '),
  ),
  textColumn<Offer>('window', 'Vigencia', offerWindow),
  activeColumn<Offer>('status', (offer) => offer.status),
];

/** `/dashboard/paquetes` or `/dashboard/promociones` (spec 002 §2): one list, by type. */
function OffersPage({ type }: { type: OfferType }) {
  const words = OFFER_SCREENS[type];
  const categories = useCategoryOptions('treatment');
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const filters = useMemo(
    () => [
      ...branchFilter,
      lookupFilter('categoryId', 'Categoría', categories, 190),
      statusFilter(),
    ],
    [branchFilter, categories.data, categories.isLoading],
  );
  const fetchPage = useMemo(() => fetchOfferPage(type), [type]);
  const rowActions = useMemo(() => recordActions<Offer>(words.path), [words.path]);

  return (
    <>
      <PageHeader
        title={words.many}
        description={
          type === 'Package'
            ? 'Paquetes de sesiones: qué incluyen, dónde se venden, con qué se pagan y cuándo.'
            : 'Promociones por tiempo limitado o por horario, con su precio de promoción.'
        }
      />
      <ResourceList<Offer>
        key={type}
        listKey={`${offerKeys.all[0]}-${type}`}
        resource={words.resource}
        title={words.many}
        exportName={words.exportName}
        fetchPage={fetchPage}
        rowKey={(offer) => offer.id}
        rowLabel={(offer) => offer.name}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'sku', label: 'SKU' },
        ]}
        filters={filters}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeOffer}
        createPath={`${words.path}/crear`}
        detail={{
          kind: 'drawer',
          width: 760,
          title: (offer) => `${words.one} ${offer.sku}`,
          render: (offer) => <OfferDetail offer={offer} />,
        }}
        emptyText={`No hay ${words.many.toLowerCase()} con estos filtros`}
      />
    </>
  );
}

export const PackagesPage = () => <OffersPage type="Package" />;
export const PromotionsPage = () => <OffersPage type="Promotion" />;
