import { Checkbox, Select, Table, Typography } from 'antd';
import { DateInput } from '../../shared/form/inputs';
import { ToneTag } from '../../shared/Tone';
import { ROW_STATUS, type SeriesRow, type editRow } from './series-rows';
import './series.css';

type Option<T> = { value: T; label: string };

/**
 * The series dialog's table: a row per session with its day, time and cabin to change, its
 * status (moved or unavailable with the reason at the asked time, the server's refusal in red)
 * and whether it is booked with the others.
 */
export function SeriesTable(props: {
  rows: SeriesRow[];
  times: Option<string>[];
  cabins: Option<number>[];
  notBefore: string;
  loading: boolean;
  emptyText: string;
  onChange: (session: number, patch: Parameters<typeof editRow>[1]) => void;
  onToggle: (session: number, include: boolean) => void;
}) {
  return (
    <Table<SeriesRow>
      rowKey="session"
      size="small"
      pagination={false}
      loading={props.loading}
      dataSource={props.rows}
      scroll={{ x: 760 }}
      rowClassName={(row) => (row.refusal ? 'series-row-refused' : '')}
      locale={{ emptyText: props.emptyText }}
      columns={[
        { title: 'Sesión', dataIndex: 'session', width: 72 },
        {
          title: 'Fecha',
          width: 170,
          render: (_, row) => (
            <>
              <label htmlFor={`series-date-${row.session}`} className="visually-hidden">
                Fecha de la sesión {row.session}
              </label>
              <DateInput
                id={`series-date-${row.session}`}
                value={row.date}
                notBefore={props.notBefore}
                onChange={(next) => next && props.onChange(row.session, { date: next })}
              />
            </>
          ),
        },
        {
          title: 'Hora',
          width: 110,
          render: (_, row) => (
            <Select
              id={`series-time-${row.session}`}
              aria-label={`Hora de la sesión ${row.session}`}
              value={row.startTime}
              placeholder="HH:mm"
              options={props.times}
              onChange={(next) => props.onChange(row.session, { startTime: next })}
              style={{ width: '100%' }}
            />
          ),
        },
        {
          title: 'Cabina',
          width: 160,
          render: (_, row) => (
            <Select
              id={`series-cabin-${row.session}`}
              aria-label={`Cabina de la sesión ${row.session}`}
              value={row.cabainId}
              placeholder="Cabina"
              options={props.cabins}
              onChange={(next) => props.onChange(row.session, { cabainId: next })}
              style={{ width: '100%' }}
            />
          ),
        },
        {
          title: 'Estado',
          render: (_, row) => (
            <>
              <ToneTag tone={ROW_STATUS[row.status].tone}>{ROW_STATUS[row.status].label}</ToneTag>
              {row.reason && row.status !== 'available' && row.status !== 'edited' && (
                <div>
                  <Typography.Text type="secondary">A la hora pedida: {row.reason}</Typography.Text>
                </div>
              )}
              {row.refusal && (
                <div role="alert">
                  <Typography.Text type="danger">{row.refusal}</Typography.Text>
                </div>
              )}
            </>
          ),
        },
        {
          title: 'Incluir',
          width: 72,
          render: (_, row) => (
            <Checkbox
              checked={row.include}
              aria-label={`Incluir la sesión ${row.session}`}
              onChange={(event) => props.onToggle(row.session, event.target.checked)}
            />
          ),
        },
      ]}
    />
  );
}
