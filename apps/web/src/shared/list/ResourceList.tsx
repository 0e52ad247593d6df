import { useState } from 'react';
import { Button, Card, Grid, Result, Skeleton, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ListFooter } from './ListFooter';
import { ListToolbar } from './ListToolbar';
import { RecordDetail } from './RecordDetail';
import { tableColumnsOf } from './tableColumns';
import { useExports } from './useExports';
import { useListQuery } from './useListQuery';
import { useRowActions } from './useRowActions';
import type { ResourceListProps } from './types';
import './list.css';

export { ALL_OPTION, listQueryOf } from './listQuery';
export { DELETE_PROMPT } from './useRowActions';

/**
 * The list block (STYLE, spec 000 §2): search and filters, a sortable table with its row actions,
 * the page and its size, exports, and the record's detail. A screen gives its columns
 * (`columns.tsx`), filters and row actions (`rowActions.tsx`); the parts live beside this file.
 */
export function ResourceList<T>(props: ResourceListProps<T>) {
  const { state, update, query, list } = useListQuery(props);
  const [opened, setOpened] = useState<T | null>(null);
  const { exporting, exportRows } = useExports(props, query);
  const actions = useRowActions(props, setOpened);

  // On a phone only the row actions stay pinned: a pinned status too would leave the rest no room.
  const roomy = Grid.useBreakpoint().md !== false;
  const columns = tableColumnsOf(props.columns, state, props.detail ? setOpened : null, roomy);
  if (actions.column) columns.push({ ...actions.column, fixed: 'right' });

  // Nothing to show yet: a skeleton while the first page loads, never "no records"; a failed load
  // says so and offers to try again, in the table's place.
  const waiting = list.data === undefined;
  const emptyText = !waiting ? (
    (props.emptyText ?? 'Sin registros con estos filtros')
  ) : list.isError ? (
    <Result
      className="resource-list__state"
      status="warning"
      title={`No se pudo cargar ${props.title.toLowerCase()}`}
      subTitle="Revisa tu conexión e inténtalo de nuevo."
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          Reintentar
        </Button>
      }
    />
  ) : (
    <div className="resource-list__state" role="status" aria-label={`Cargando ${props.title}`}>
      <Skeleton active title={false} paragraph={{ rows: 6 }} />
    </div>
  );

  return (
    <Card className="resource-list" styles={{ body: { padding: 0 } }}>
      {actions.holder}
      <ListToolbar
        list={props}
        state={state}
        update={update}
        exporting={exporting}
        onExport={(kind) => void exportRows(kind)}
      />
      {props.legend}
      <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching && !waiting}
        pagination={false}
        rowClassName={(row) => props.rowClassName?.(row) ?? ''}
        // The table takes the card's width and its plain-text columns give way (ellipsis) before
        // it scrolls: only what cannot shrink (codes, dates, amounts, tags) makes it scroll.
        tableLayout="auto"
        scroll={{ x: '100%' }}
        locale={{ emptyText }}
        onChange={(_pagination, _filters, sorter) => {
          const single = Array.isArray(sorter) ? sorter[0] : sorter;
          const column = props.columns.find((candidate) => candidate.key === single?.columnKey);
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
      <ListFooter
        state={state}
        update={update}
        total={list.data?.meta.itemCount ?? null}
        sizes={props.pageSizes}
      />
      <RecordDetail list={props} opened={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
