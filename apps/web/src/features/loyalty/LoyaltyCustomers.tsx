import { useMemo, type ReactNode } from 'react';
import { LOYALTY_SCALES, LOYALTY_SCALE_LABELS, type Resource } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { dateColumn, moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { ExcelButton } from '../../shared/list/ExcelButton';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';
import { selectFilter } from '../../shared/list/filters';
import type { ListColumn } from '../../shared/list/types';
import { formatPhone } from '../../shared/phone';
import { usePrivileges } from '../../shared/session/hooks';
import type { LoyaltyCustomer } from './api';
import { LevelTag } from './LevelTag';

/**
 * The columns of the loyalty screens (spec 002 §2), the last visit where it is the point. What
 * the screens are for comes first (the customer, points, purchases, level, cancellations, the last
 * visit), then the contact details; at 1440 px every column is on screen, long names and e-mails
 * cut with an ellipsis (the whole value on hover).
 */
function columnsOf(withLastVisit: boolean): ListColumn<LoyaltyCustomer>[] {
  return [
    textColumn<LoyaltyCustomer>('customerId', 'No. cliente', (c) => c.customerId, {
      sort: true,
      mono: true,
    }),
    textColumn<LoyaltyCustomer>('name', 'Nombre', (c) => c.name, { sort: true }),
    textColumn<LoyaltyCustomer>('lastName', 'Apellido paterno', (c) => c.lastName, {
      sort: true,
    }),
    textColumn<LoyaltyCustomer>(
      'motherLastName',
      'Apellido materno',
      (c) => c.motherLastName ?? '',
    ),
    textColumn<LoyaltyCustomer>('points', 'Puntos', (c) => c.points, {
      sort: true,
      align: 'right',
    }),
    moneyColumn<LoyaltyCustomer>('totalPurchases', 'Compras (365 días)', (c) => c.totalPurchases),
    tagColumn<LoyaltyCustomer>(
      'loyaltyScale',
      'Nivel',
      (c) => <LevelTag scale={c.loyaltyScale} />,
      (c) => LOYALTY_SCALE_LABELS[c.loyaltyScale],
    ),
    textColumn<LoyaltyCustomer>('cancellations', 'Cancelaciones', (c) => c.cancellations, {
      sort: true,
      align: 'right',
    }),
    ...(withLastVisit
      ? [
          dateColumn<LoyaltyCustomer>('lastVisitAt', 'Última visita', (c) => c.lastVisitAt, {
            // The day is what tells how long ago; it leaves the row room for every column.
            format: 'DD-MM-YYYY',
          }),
        ]
      : []),
    textColumn<LoyaltyCustomer>('mobilePhone', 'Celular', (c) => formatPhone(c.mobilePhone) || '', {
      whole: true,
    }),
    textColumn<LoyaltyCustomer>('email', 'Correo electrónico', (c) => c.email ?? ''),
    textColumn<LoyaltyCustomer>('gender', 'Género', (c) => c.gender ?? ''),
  ];
}

const searchFields = [
  { value: 'name', label: 'Nombre' },
  { value: 'mobilePhone', label: 'Celular' },
  { value: 'email', label: 'Correo electrónico' },
  { value: 'customerId', label: 'No. cliente' },
];
const defaultSort = { field: 'customerId', order: 'DESC' } as const;

type FetchPage = (
  query: ListQueryParams,
  signal?: AbortSignal,
) => Promise<ListPage<LoyaltyCustomer>>;

/**
 * One loyalty screen: its customers with level, points, purchases over 365 days and
 * cancellations, searched, filtered by level and exported. The three screens differ in which
 * customers the API answers and in what the header holds.
 */
export function LoyaltyCustomers(props: {
  listKey: string;
  resource: Resource;
  title: string;
  description: string;
  exportName: string;
  fetchPage: FetchPage;
  emptyText: string;
  withLastVisit?: boolean;
  /** Between the header and the list (the levels and their editor). */
  beforeList?: ReactNode;
}) {
  const { can } = usePrivileges();
  const columns = useMemo(() => columnsOf(props.withLastVisit ?? false), [props.withLastVisit]);
  const filters = useMemo(
    () => [
      selectFilter(
        'loyaltyScale',
        'Nivel',
        LOYALTY_SCALES.map((scale) => ({ value: scale, label: LOYALTY_SCALE_LABELS[scale] })),
        { width: 150 },
      ),
    ],
    [],
  );
  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        extra={
          can(props.resource, 'reports') ? (
            <ExcelButton<LoyaltyCustomer>
              listKey={props.listKey}
              title={props.title}
              exportName={props.exportName}
              fetchPage={props.fetchPage}
              columns={columns}
              searchFields={searchFields}
              filters={filters}
              defaultSort={defaultSort}
            />
          ) : undefined
        }
      />
      {props.beforeList}
      <ResourceList<LoyaltyCustomer>
        listKey={props.listKey}
        resource={props.resource}
        title={props.title}
        exportName={props.exportName}
        fetchPage={props.fetchPage}
        rowKey={(customer) => customer.id}
        rowLabel={(customer) =>
          [customer.name, customer.lastName, customer.motherLastName].filter(Boolean).join(' ')
        }
        columns={columns}
        searchFields={searchFields}
        filters={filters}
        defaultSort={defaultSort}
        emptyText={props.emptyText}
      />
    </>
  );
}
