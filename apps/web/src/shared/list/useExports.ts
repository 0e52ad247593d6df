import { useState } from 'react';
import { notifyError } from '../notify';
import { todayInBranch } from '../format';
import { downloadCsv, printRows, toCsv, type ExportColumn } from './exports';
import { fetchAllPages, type ListQueryParams } from './fetchAll';
import type { ResourceListProps } from './types';

export type ExportKind = 'csv' | 'print';

/** CSV and print of every row the list's filters select, not only the page on screen. */
export function useExports<T>(props: ResourceListProps<T>, query: ListQueryParams) {
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const columns: ExportColumn<T>[] = props.columns.flatMap((column) =>
    column.exportValue ? [{ title: column.title, value: column.exportValue }] : [],
  );

  async function exportRows(kind: ExportKind) {
    setExporting(kind);
    try {
      const all = await fetchAllPages(props.fetchPage, query);
      if (kind === 'csv') {
        downloadCsv(`${props.exportName}-${todayInBranch()}.csv`, toCsv(columns, all.items));
      } else {
        printRows(props.title, columns, all.items);
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(null);
    }
  }

  return { exporting, exportRows };
}
