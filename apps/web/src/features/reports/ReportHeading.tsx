/**
 * The table's heading (spec 002 §9): the report's title, the period, the branch, and who is
 * looking (name and role). The Excel file opens with the same lines (`headingLines`).
 */

export interface Heading {
  title: string;
  period: string;
  /** The branch asked for, 'Todas las sucursales', or '' when the report is not by branch. */
  branch: string;
  user: string;
  role: string;
}

/** The heading below the title, one line each: period, branch, user. */
export function headingLines(heading: Heading): string[] {
  return [
    `Periodo: ${heading.period}`,
    ...(heading.branch ? [`Sucursal: ${heading.branch}`] : []),
    `Usuario: ${heading.user} · ${heading.role}`,
  ];
}

export function ReportHeading({ heading }: { heading: Heading }) {
  return (
    <div className="report-heading">
      <h2 className="report-heading__title">{heading.title}</h2>
      <dl className="report-heading__facts">
        <div>
          <dt>Periodo</dt>
          <dd>{heading.period}</dd>
        </div>
        {heading.branch && (
          <div>
            <dt>Sucursal</dt>
            <dd>{heading.branch}</dd>
          </div>
        )}
        <div>
          <dt>Usuario</dt>
          <dd>
            {heading.user} · {heading.role}
          </dd>
        </div>
      </dl>
    </div>
  );
}
