import { useEffect, useState } from 'react';
import { Button, Flex, Input, Select, Space } from 'antd';
import { ClearOutlined, FileExcelOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { usePrivileges } from '../session/hooks';
import { LinkButton } from '../LinkButton';
import { FilterControl } from './FilterControl';
import type { ListState } from './listState';
import type { ExportKind } from './useExports';
import type { ResourceListProps } from './types';

interface ListToolbarProps<T> {
  list: ResourceListProps<T>;
  state: ListState;
  update: (change: Partial<ListState>) => void;
  exporting: ExportKind | null;
  onExport: (kind: ExportKind) => void;
}

/** Above the table: search (by field), filters, 'Limpiar', the exports and 'Nuevo'. */
export function ListToolbar<T>({ list, state, update, exporting, onExport }: ListToolbarProps<T>) {
  const { resource, title, searchFields = [], filters = [] } = list;
  const { can } = usePrivileges();
  const [searchText, setSearchText] = useState(state.searchValue);
  useEffect(() => setSearchText(state.searchValue), [state.searchValue]);

  const hasFilters =
    state.searchValue !== '' ||
    Object.values(state.filters).some((value) => value !== null && value !== undefined);
  const searchLabel = searchFields.find((field) => field.value === state.searchField)?.label;

  return (
    <Flex
      wrap
      gap={12}
      justify="space-between"
      align="center"
      style={{ padding: 16, borderBottom: '1px solid #edf2f1' }}
      role="search"
      aria-label={`Buscar y filtrar ${title}`}
    >
      <Flex wrap gap={8} align="center" className="list-toolbar__filters">
        <Space.Compact className="list-toolbar__search">
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
              list.searchPlaceholder ?? `Buscar por ${searchLabel?.toLowerCase() ?? 'texto'}`
            }
            allowClear
            className="list-toolbar__search-input"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onSearch={(value) => update({ searchValue: value, page: 1 })}
          />
        </Space.Compact>
        {filters.map((filter) => (
          <FilterControl
            key={filter.name}
            filter={filter}
            idPrefix={`lista-${list.listKey}`}
            value={state.filters[filter.name]}
            onChange={(value) =>
              update({ filters: { ...state.filters, [filter.name]: value }, page: 1 })
            }
          />
        ))}
        {hasFilters && (
          <Button
            icon={<ClearOutlined />}
            onClick={() => update({ searchValue: '', filters: list.defaultFilters ?? {}, page: 1 })}
          >
            Limpiar
          </Button>
        )}
      </Flex>
      <Flex wrap gap={8} align="center">
        {can(resource, 'reports') && (
          <>
            <Button
              icon={<FileExcelOutlined />}
              loading={exporting === 'csv'}
              onClick={() => onExport('csv')}
            >
              CSV
            </Button>
            <Button
              icon={<PrinterOutlined />}
              loading={exporting === 'print'}
              onClick={() => onExport('print')}
            >
              PDF
            </Button>
          </>
        )}
        {list.createPath && can(resource, 'create') && (
          <LinkButton to={list.createPath} type="primary" icon={<PlusOutlined />}>
            Nuevo
          </LinkButton>
        )}
      </Flex>
    </Flex>
  );
}
