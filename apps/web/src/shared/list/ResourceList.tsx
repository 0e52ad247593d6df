import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Button,
  Card,
  DatePicker,
  Drawer,
  Dropdown,
  Flex,
  Input,
  Modal,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
} from 'antd';
import {
  ClearOutlined,
  DeleteOutlined,
  FileExcelOutlined,
  MoreOutlined,
  PlusOutlined,
  PrinterOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZES } from '@clinica/domain';
import { usePrivileges } from '../session/hooks';
import { notifyError, notifySuccess } from '../notify';
import { focusMenuOf, preventKeyThrough } from '../focusMenu';
import { LinkButton } from '../LinkButton';
import { dayjs, formatNumber, todayInBranch } from '../format';
import { downloadCsv, printRows, toCsv, type ExportColumn } from './exports';
import { fetchAllPages, type ListQueryParams } from './fetchAll';
import { defaultListState, useListState, type FilterValue, type ListState } from './listState';
import type { ListFilter, ResourceListProps, RowAction } from './types';

export const ALL_OPTION = 'all';
export const DELETE_PROMPT = '¿Deseas eliminar este elemento?';

/** The API query for a list state: non-empty values only, search as `{ field, value }`. */
export function listQueryOf(
  state: ListState,
  filters: ListFilter[],
  fixedQuery: ListQueryParams = {},
): ListQueryParams {
  const query: ListQueryParams = { order: state.order };
  if (state.field) query.field = state.field;
  const value = state.searchValue.trim();
  if (value) query.search = state.searchField ? { field: state.searchField, value } : { value };
  for (const filter of filters) {
    const current = state.filters[filter.name];
    if (current === null || current === undefined || current === '') continue;
    if (filter.kind === 'dateRange') {
      if (Array.isArray(current) && current.length === 2) {
        query[filter.fromParam] = String(current[0]);
        query[filter.toParam] = String(current[1]);
      }
    } else {
      query[filter.name] = Array.isArray(current) ? current.join(',') : current;
    }
  }
  return { ...query, ...fixedQuery };
}

function FilterControl({
  filter,
  value,
  onChange,
  idPrefix,
}: {
  filter: ListFilter;
  value: FilterValue | undefined;
  onChange: (value: FilterValue) => void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${filter.name}`;
  if (filter.kind === 'select') {
    return (
      <Select
        id={id}
        aria-label={filter.label}
        placeholder={filter.label}
        allowClear
        loading={filter.loading}
        style={{ width: filter.width ?? 190 }}
        options={filter.options}
        value={(value as string | number | null | undefined) ?? undefined}
        onChange={(next: string | number | undefined) => onChange(next ?? null)}
        showSearch={{ optionFilterProp: 'label' }}
      />
    );
  }
  const range = Array.isArray(value) && value.length === 2 ? value : null;
  return (
    <DatePicker.RangePicker
      id={{ start: `${id}-desde`, end: `${id}-hasta` }}
      aria-label={filter.label}
      format="DD-MM-YYYY"
      placeholder={[`${filter.label}: desde`, 'hasta']}
      value={range ? [dayjs(String(range[0])), dayjs(String(range[1]))] : null}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange(from && to ? [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] : null);
      }}
      allowClear
    />
  );
}

export function ResourceList<T>(props: ResourceListProps<T>) {
  const {
    listKey,
    resource,
    title,
    fetchPage,
    rowKey,
    rowLabel,
    columns,
    searchFields = [],
    filters = [],
    rowActions = [],
    remove,
    detail,
    createPath,
    exportName,
  } = props;
  const { can } = usePrivileges();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, update] = useListState(
    `${listKey}:${JSON.stringify(props.fixedQuery ?? {})}`,
    defaultListState({
      searchField: searchFields[0]?.value ?? null,
      filters: props.defaultFilters ?? {},
      field: props.defaultSort?.field ?? null,
      order: props.defaultSort?.order ?? 'DESC',
    }),
  );
  const [searchText, setSearchText] = useState(state.searchValue);
  const [opened, setOpened] = useState<T | null>(null);
  const [exporting, setExporting] = useState<'csv' | 'print' | null>(null);

  useEffect(() => setSearchText(state.searchValue), [state.searchValue]);

  const query = useMemo(
    () => listQueryOf(state, filters, props.fixedQuery),
    [state, filters, props.fixedQuery],
  );

  const list = useQuery({
    queryKey: [listKey, 'list', query, state.take, state.take === ALL_OPTION ? 1 : state.page],
    queryFn: ({ signal }) =>
      state.take === ALL_OPTION
        ? fetchAllPages(fetchPage, query, signal)
        : fetchPage({ ...query, page: state.page, take: state.take }, signal),
    placeholderData: keepPreviousData,
  });

  const meta = list.data?.meta;
  useEffect(() => {
    // After a delete or a narrower filter the kept page may be past the end.
    if (meta && meta.pageCount > 0 && state.page > meta.pageCount) update({ page: meta.pageCount });
  }, [meta, state.page, update]);

  const allowedActions = rowActions.filter((action) => can(resource, action.action));
  const canDelete = Boolean(remove) && can(resource, 'delete');
  const canExport = can(resource, 'reports');
  const exportColumns: ExportColumn<T>[] = columns.flatMap((column) =>
    column.exportValue ? [{ title: column.title, value: column.exportValue }] : [],
  );

  function confirmDelete(row: T) {
    if (!remove) return;
    modal.confirm({
      title: DELETE_PROMPT,
      content: 'Esta acción no se puede deshacer.',
      okText: 'Eliminar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await remove(row);
          notifySuccess(answer.status, answer.code);
          await queryClient.invalidateQueries({ queryKey: [listKey] });
        } catch (error) {
          notifyError(error);
        }
      },
    });
  }

  function runAction(action: RowAction<T>, row: T) {
    if (action.to) navigate(action.to(row));
    else if (action.opensDetail) setOpened(row);
    else action.onSelect?.(row);
  }

  async function exportRows(kind: 'csv' | 'print') {
    setExporting(kind);
    try {
      const all = await fetchAllPages(fetchPage, query);
      if (kind === 'csv') {
        downloadCsv(`${exportName}-${todayInBranch()}.csv`, toCsv(exportColumns, all.items));
      } else {
        printRows(title, exportColumns, all.items);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  }

  const tableColumns: TableProps<T>['columns'] = columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    sorter: Boolean(column.sortField),
    sortDirections: ['ascend', 'descend'],
    showSorterTooltip: column.sortField ? { title: `Ordenar por ${column.title}` } : false,
    sortOrder:
      column.sortField && state.field === column.sortField
        ? state.order === 'ASC'
          ? 'ascend'
          : 'descend'
        : null,
    render: (_: unknown, row: T) =>
      column.opensDetail && detail ? (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', fontWeight: 500 }}
          onClick={() => setOpened(row)}
        >
          {column.render(row)}
        </Button>
      ) : (
        column.render(row)
      ),
  }));

  if (allowedActions.length > 0 || canDelete) {
    tableColumns.push({
      key: 'actions',
      title: <span>Opciones</span>,
      width: 96,
      align: 'center',
      render: (_: unknown, row: T) => {
        const items = allowedActions
          .filter((action) => action.visible?.(row) ?? true)
          .map((action) => ({
            key: action.key,
            icon: action.icon,
            label: action.to ? <Link to={action.to(row)}>{action.label}</Link> : action.label,
          }));
        if (canDelete && (props.canRemove?.(row) ?? true)) {
          items.push({ key: 'delete', icon: <DeleteOutlined />, label: 'Eliminar' });
        }
        return (
          <Dropdown
            trigger={['click']}
            rootClassName="row-actions"
            onOpenChange={(open) => open && focusMenuOf('row-actions')}
            menu={{
              items: items.map((item) =>
                item.key === 'delete' ? { ...item, danger: true } : item,
              ),
              onClick: ({ key, domEvent }) => {
                // Keyboard-proof (see focusMenu.ts), and a link item navigates through runAction.
                preventKeyThrough(domEvent);
                if (key === 'delete') return confirmDelete(row);
                const action = allowedActions.find((candidate) => candidate.key === key);
                if (!action) return;
                runAction(action, row);
              },
            }}
          >
            <Button icon={<MoreOutlined />} aria-label={`Acciones de ${rowLabel(row)}`} />
          </Dropdown>
        );
      },
    });
  }

  const hasFilters =
    state.searchValue !== '' ||
    Object.values(state.filters).some((value) => value !== null && value !== undefined);
  const idPrefix = `lista-${listKey}`;
  const total = meta?.itemCount ?? 0;
  const take = state.take === ALL_OPTION ? total : state.take;
  const first = total === 0 ? 0 : state.take === ALL_OPTION ? 1 : (state.page - 1) * take + 1;
  const last = state.take === ALL_OPTION ? total : Math.min(state.page * take, total);

  const detailTitle = opened ? (detail?.title?.(opened) ?? title) : title;
  const detailBody = opened && detail ? detail.render(opened) : null;

  return (
    <Card styles={{ body: { padding: 0 } }}>
      {modalHolder}
      <Flex
        wrap
        gap={12}
        justify="space-between"
        align="center"
        style={{ padding: 16, borderBottom: '1px solid #edf2f1' }}
        role="search"
        aria-label={`Buscar y filtrar ${title}`}
      >
        <Flex wrap gap={8} align="center">
          <Space.Compact>
            {searchFields.length > 1 && (
              <Select
                aria-label="Buscar por"
                style={{ width: 150 }}
                value={state.searchField ?? undefined}
                options={searchFields}
                onChange={(value: string) => update({ searchField: value, page: 1 })}
              />
            )}
            <Input.Search
              aria-label={`Buscar en ${title}`}
              placeholder={
                props.searchPlaceholder ??
                `Buscar por ${searchFields.find((field) => field.value === state.searchField)?.label.toLowerCase() ?? 'texto'}`
              }
              allowClear
              style={{ width: 280 }}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onSearch={(value) => update({ searchValue: value, page: 1 })}
            />
          </Space.Compact>
          {filters.map((filter) => (
            <FilterControl
              key={filter.name}
              filter={filter}
              idPrefix={idPrefix}
              value={state.filters[filter.name]}
              onChange={(value) =>
                update({ filters: { ...state.filters, [filter.name]: value }, page: 1 })
              }
            />
          ))}
          {hasFilters && (
            <Button
              icon={<ClearOutlined />}
              onClick={() =>
                update({ searchValue: '', filters: props.defaultFilters ?? {}, page: 1 })
              }
            >
              Limpiar
            </Button>
          )}
        </Flex>
        <Flex gap={8} align="center">
          {canExport && (
            <>
              <Button
                icon={<FileExcelOutlined />}
                loading={exporting === 'csv'}
                onClick={() => void exportRows('csv')}
              >
                CSV
              </Button>
              <Button
                icon={<PrinterOutlined />}
                loading={exporting === 'print'}
                onClick={() => void exportRows('print')}
              >
                PDF
              </Button>
            </>
          )}
          {createPath && can(resource, 'create') && (
            <LinkButton to={createPath} type="primary" icon={<PlusOutlined />}>
              Nuevo
            </LinkButton>
          )}
        </Flex>
      </Flex>
      <Table<T>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: props.emptyText ?? 'Sin registros con estos filtros' }}
        onChange={(_pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = columns.find((candidate) => candidate.key === single?.columnKey);
          if (!single?.order || !column?.sortField) {
            update({
              field: props.defaultSort?.field ?? null,
              order: props.defaultSort?.order ?? 'DESC',
            });
          } else {
            update({ field: column.sortField, order: single.order === 'ascend' ? 'ASC' : 'DESC' });
          }
        }}
      />
      <Flex wrap gap={12} justify="space-between" align="center" style={{ padding: 16 }}>
        <span aria-live="polite" style={{ color: '#51605f' }}>
          {total === 0
            ? 'Sin registros'
            : `Mostrando ${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(total)} registros`}
        </span>
        <Flex gap={12} align="center" wrap>
          {state.take !== ALL_OPTION && (
            <Pagination
              current={state.page}
              pageSize={take}
              total={total}
              showSizeChanger={false}
              onChange={(page) => update({ page })}
            />
          )}
          <Select
            aria-label="Registros por página"
            style={{ width: 150 }}
            value={state.take}
            onChange={(value: number | 'all') => update({ take: value, page: 1 })}
            options={[
              ...PAGE_SIZES.map((size) => ({ value: size, label: `${size} por página` })),
              { value: ALL_OPTION, label: 'Todos' },
            ]}
          />
        </Flex>
      </Flex>
      {detail?.kind === 'drawer' ? (
        <Drawer
          title={detailTitle}
          open={opened !== null}
          size={detail.width ?? 700}
          onClose={() => setOpened(null)}
        >
          {detailBody}
        </Drawer>
      ) : (
        <Modal
          title={detailTitle}
          open={opened !== null}
          width={detail?.width ?? 720}
          onCancel={() => setOpened(null)}
          footer={<Button onClick={() => setOpened(null)}>Cerrar</Button>}
        >
          {detailBody}
        </Modal>
      )}
    </Card>
  );
}
