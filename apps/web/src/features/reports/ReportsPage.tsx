import { useMemo } from 'react';
import { Empty, Select } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/PageHeader';
import { useBranchScope } from '../../shared/lookups';
import { usePrivileges } from '../../shared/session/hooks';
import { CATALOGUE, defaultReport } from './catalogue';
import { ReportView } from './ReportView';
import './reports.css';

/**
 * `/dashboard/reportes` (spec 002 §9): the catalogue of the reports the user may see and the one
 * chosen (`?reporte=<id>`), by default the first of the catalogue they may see — profitability by
 * branch when they may see it. On a phone the catalogue is a select above the report.
 */
export function ReportsPage() {
  const { canCall } = usePrivileges();
  const [params, setParams] = useSearchParams();
  const visible = useMemo(() => CATALOGUE.filter((report) => canCall(report.route)), [canCall]);
  const scope = useBranchScope();
  const chosen =
    visible.find((report) => report.id === params.get('reporte')) ??
    defaultReport(visible, scope.fixed);

  return (
    <div className="reports-page">
      <PageHeader
        title="Reportes"
        description="Elige un reporte, ajusta sus filtros y descárgalo en Excel."
      />
      {!chosen ? (
        <Empty description="No tienes reportes disponibles" />
      ) : (
        <div className="reports-page__body">
          <nav className="reports-catalogue" aria-label="Catálogo de reportes">
            <ul>
              {visible.map((report) => (
                <li key={report.id}>
                  <Link
                    to={`?reporte=${report.id}`}
                    aria-current={report === chosen ? 'page' : undefined}
                    className="reports-catalogue__entry"
                  >
                    <span className="reports-catalogue__title">{report.title}</span>
                    <span className="reports-catalogue__description">{report.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="reports-catalogue-select">
            <label htmlFor="report-choice" className="reports-catalogue-select__label">
              Reporte
            </label>
            <Select
              id="report-choice"
              style={{ width: '100%' }}
              value={chosen.id}
              onChange={(id) => setParams({ reporte: id })}
              options={visible.map((report) => ({ value: report.id, label: report.title }))}
            />
          </div>
          <section className="reports-page__report" aria-label={chosen.title}>
            {/* A new report starts from its own first filters. */}
            <ReportView key={chosen.id} report={chosen} />
          </section>
        </div>
      )}
    </div>
  );
}
