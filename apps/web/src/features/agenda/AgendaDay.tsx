import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Calendar,
  Card,
  DatePicker,
  Empty,
  Flex,
  Select,
  Skeleton,
  Tag,
} from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  DAY_STATUS_LABELS,
  holdsSlot,
  type AgendaDayAppointment,
  type DayAppointmentStatus,
} from '@clinica/domain';
import { dayjs, formatLongDate, todayInBranch } from '../../shared/format';
import { useBranchOptions, useBranchScope } from '../../shared/lookups/branches';
import { AgendaGrid } from './AgendaGrid';
import { useAgendaCan } from './can';
import { agendaKeys, fetchAppointment, fetchDay } from './dayApi';
import { buildGrid, customerName } from './grid';

// What only a click opens loads on that click: the grid paints without the dialogs' code.
const AppointmentActions = lazy(async () => ({
  default: (await import('./AppointmentActions')).AppointmentActions,
}));
const RetryResult = lazy(async () => ({
  default: (await import('./AgendaNotices')).RetryResult,
}));
const AppointmentLoading = lazy(async () => ({
  default: (await import('./AgendaNotices')).AppointmentLoading,
}));
const LockModal = lazy(async () => ({ default: (await import('./LockModal')).LockModal }));

/**
 * Wider than a phone's or a tablet's 900 px, where agenda.css shows the month beside the day.
 * Narrower, the month is not rendered at all: hidden, its 42 cells and their styles still took a
 * phone's main thread right after the first paint (issue 24).
 */
const WIDE = '(min-width: 901px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (change) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', change);
      return () => query.removeEventListener('change', change);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/**
 * The agenda's day (spec 002 §2), below its page's header: one column per cabin and a row per half
 * hour, from ONE call (`GET /appointment?branchId&date`). Roles fixed to their branch see theirs;
 * the rest choose it. A free slot books, an appointment opens its actions. `locking` opens the
 * lock dialog the header's button asks for; `onDayShown` says whether a day is on screen.
 */
export function AgendaDay({
  locking,
  onLockClose,
  onDayShown,
}: {
  locking: boolean;
  onLockClose: () => void;
  onDayShown: (shown: boolean) => void;
}) {
  const navigate = useNavigate();
  const wide = useWide();
  const [params, setParams] = useSearchParams();
  const scope = useBranchScope();
  const can = useAgendaCan();
  const branches = useBranchOptions(!scope.fixed);
  const date = params.get('date') ?? todayInBranch();
  const chosenBranch = Number(params.get('branchId')) || null;
  const branchId = scope.fixed ? scope.branchId : (chosenBranch ?? scope.branchId);
  const [opened, setOpened] = useState<AgendaDayAppointment | null>(null);
  // Mounted from the first opening on: it keeps its cancel and finish dialogs after it closes.
  const [actionsUsed, setActionsUsed] = useState(false);

  const day = useQuery({
    queryKey: agendaKeys.day(branchId, date),
    queryFn: ({ signal }) => fetchDay(branchId, date, signal),
  });
  // The day carries what the grid draws; the actions dialog reads the whole record it opens.
  const detail = useQuery({
    queryKey: agendaKeys.detail(opened?.id ?? 0),
    queryFn: ({ signal }) => fetchAppointment(opened!.id, signal),
    enabled: opened !== null,
  });
  const model = useMemo(
    () => (day.data ? buildGrid(day.data.day, day.data.items) : null),
    [day.data],
  );

  const setQuery = (next: { date?: string; branchId?: number }) => {
    const merged = new URLSearchParams(params);
    if (next.date) merged.set('date', next.date);
    if (next.branchId) merged.set('branchId', String(next.branchId));
    setParams(merged, { replace: true });
  };

  const onBook = useCallback(
    (cabinId: number, time: string) => {
      const query = new URLSearchParams({ cabainId: String(cabinId), startTime: time, date });
      if (branchId) query.set('branchId', String(branchId));
      navigate(`/dashboard/agenda/crear?${query.toString()}`);
    },
    [navigate, date, branchId],
  );
  const onOpen = useCallback(
    (appointment: AgendaDayAppointment) => {
      // A waitlist hold is answered on the waitlist's screen (CONTRACT §15).
      if (appointment.status === 'held') {
        navigate(`/dashboard/lista-de-espera?status=offered&date=${appointment.date}`);
        return;
      }
      setActionsUsed(true);
      setOpened(appointment);
    },
    [navigate],
  );

  const info = day.data?.day;
  useEffect(() => onDayShown(Boolean(info)), [info, onDayShown]);
  const missed = (day.data?.items ?? []).filter(
    (item) => holdsSlot(item.status) && item.customer.missedAppointments >= 2,
  );
  const counts = (day.data?.items ?? []).reduce<Record<string, number>>((sum, item) => {
    sum[item.status] = (sum[item.status] ?? 0) + 1;
    return sum;
  }, {});

  return (
    <>
      <div className="agenda-layout">
        <Card size="small">
          <Flex vertical gap={12}>
            {!scope.fixed && (
              <div>
                <label htmlFor="agenda-branch" className="agenda-label">
                  Sucursal
                </label>
                <Select
                  id="agenda-branch"
                  style={{ width: '100%' }}
                  showSearch
                  optionFilterProp="label"
                  loading={branches.isLoading}
                  value={branchId ?? undefined}
                  placeholder="Elige la sucursal"
                  options={(branches.data ?? [])
                    .filter((branch) => !branch.distributionCenter)
                    .map((branch) => ({ value: branch.id, label: branch.name }))}
                  onChange={(value: number) => setQuery({ branchId: value })}
                />
              </div>
            )}
            <div>
              <label htmlFor="agenda-date" className="agenda-label">
                Fecha
              </label>
              <DatePicker
                id="agenda-date"
                style={{ width: '100%' }}
                format="DD-MM-YYYY"
                allowClear={false}
                value={dayjs(date, 'YYYY-MM-DD')}
                onChange={(next) => next && setQuery({ date: next.format('YYYY-MM-DD') })}
              />
            </div>
            {wide && (
              <Calendar
                className="agenda-calendar"
                fullscreen={false}
                headerRender={({ value, onChange }) => (
                  <Flex justify="space-between" align="center" style={{ padding: '4px 0' }}>
                    <Button
                      size="small"
                      aria-label="Mes anterior"
                      icon={<LeftOutlined />}
                      onClick={() => onChange(value.subtract(1, 'month'))}
                    />
                    <span className="agenda-calendar__month">{value.format('MMMM YYYY')}</span>
                    <Button
                      size="small"
                      aria-label="Mes siguiente"
                      icon={<RightOutlined />}
                      onClick={() => onChange(value.add(1, 'month'))}
                    />
                  </Flex>
                )}
                value={dayjs(date, 'YYYY-MM-DD')}
                onSelect={(next) => setQuery({ date: next.format('YYYY-MM-DD') })}
              />
            )}
            <Button onClick={() => setQuery({ date: todayInBranch() })}>Hoy</Button>
          </Flex>
        </Card>
        <Flex vertical gap={12} style={{ minWidth: 0 }}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <h2 className="agenda-day" aria-live="polite">
              {info ? `${info.branch.name} · ` : ''}
              {formatLongDate(new Date(`${date}T18:00:00Z`))}
            </h2>
            <Flex gap={4} wrap aria-label="Citas del día por estatus">
              {Object.entries(counts).map(([status, count]) => (
                <Tag key={status}>
                  {DAY_STATUS_LABELS[status as DayAppointmentStatus]}: {count}
                </Tag>
              ))}
            </Flex>
          </Flex>
          {missed.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={`Pacientes con 2 o más inasistencias hoy: ${[
                ...new Set(missed.map((item) => customerName(item.customer))),
              ].join(', ')}`}
            />
          )}
          {day.isError ? (
            <Suspense fallback={null}>
              <RetryResult
                title="No se pudo cargar la agenda"
                subTitle="Revisa tu conexión e inténtalo de nuevo."
                onRetry={() => void day.refetch()}
              />
            </Suspense>
          ) : !model ? (
            <div role="status" aria-label="Cargando la agenda">
              <Skeleton active paragraph={{ rows: 10 }} />
            </div>
          ) : model.times.length === 0 || model.cabins.length === 0 ? (
            <Empty
              description={
                model.cabins.length === 0
                  ? 'La sucursal no tiene cabinas activas'
                  : 'La sucursal no abre este día'
              }
            />
          ) : (
            <AgendaGrid model={model} onBook={onBook} onOpen={onOpen} canBook={can('create')} />
          )}
        </Flex>
      </div>
      {opened && !detail.data && (
        <Suspense fallback={null}>
          <AppointmentLoading
            title={`Cita de ${customerName(opened.customer)}`}
            failed={detail.isError}
            onRetry={() => void detail.refetch()}
            onCancel={() => setOpened(null)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {actionsUsed && (
          <AppointmentActions
            appointment={opened ? (detail.data ?? null) : null}
            today={info?.today ?? todayInBranch()}
            now={info?.now ?? '00:00'}
            onClose={() => setOpened(null)}
          />
        )}
      </Suspense>
      {locking && (
        <Suspense fallback={null}>
          <LockModal
            open
            onClose={onLockClose}
            branchId={info?.branch.id ?? branchId}
            cabins={info?.cabins ?? []}
            initial={{ date }}
          />
        </Suspense>
      )}
    </>
  );
}
