import { useState } from 'react';
import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { todayInBranch } from '../format';
import { notifyError, notifySuccessText } from '../notify';
import { listWorkbook, saveFile, XLSX_TYPE } from './excel';
import { fetchAllPages } from './fetchAll';
import { listQueryOf } from './listQuery';
import { useKeptListState, type KeptListProps } from './useListQuery';
import type { ResourceListProps } from './types';

export type ExcelButtonProps<T> = KeptListProps &
  Pick<ResourceListProps<T>, 'title' | 'exportName' | 'fetchPage' | 'columns' | 'filters'> & {
    /** The notice once the file is saved; `{title}: exportado a Excel` when not given. */
    doneText?: string;
  };

/**
 * 'Excel' beside a list: every row the list's search and filters select (not only the page on
 * screen) as an .xlsx named `{exportName}-{day}.xlsx`. Give it the list's own props, so it reads the
 * same kept state; show it only with the reports privilege.
 */
export function ExcelButton<T>(props: ExcelButtonProps<T>) {
  const [state] = useKeptListState(props);
  const [busy, setBusy] = useState(false);
  async function exportExcel() {
    setBusy(true);
    try {
      const query = listQueryOf(state, props.filters ?? [], props.fixedQuery);
      const all = await fetchAllPages(props.fetchPage, query);
      const today = todayInBranch();
      saveFile(
        await listWorkbook(props.title, props.columns, all.items, today),
        `${props.exportName}-${today}.xlsx`,
        XLSX_TYPE,
      );
      notifySuccessText(props.doneText ?? `${props.title}: exportado a Excel`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button icon={<FileExcelOutlined />} loading={busy} onClick={() => void exportExcel()}>
      Excel
    </Button>
  );
}
