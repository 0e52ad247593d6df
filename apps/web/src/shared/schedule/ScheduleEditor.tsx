import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Flex, Form, Select, Switch, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { WEEK_DAYS, isDayOff, minutesOf } from '@clinica/domain';
import './schedule.css';

/**
 * The weekly schedule editor of branches and cabins (spec 000 §4, §5): seven days, 0 (Lunes) to
 * 6 (Domingo) as the API numbers them (CONTRACT §8), each with a switch and a range in 30-minute steps. A day off is 00:00–00:00, as the API
 * takes it; a day switched on starts with an empty range (or the suggested one) that must be
 * filled before the form is sent.
 */

export interface ScheduleValue {
  day: number;
  opening: string;
  closing: string;
}

export const DAY_OFF = '00:00';

/** 00:00, 00:30 … 23:30. */
export const HALF_HOURS: string[] = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});

/** A schedule day's name: 0 is Lunes, 6 Domingo (CONTRACT §8). */
export const dayName = (day: number): string => WEEK_DAYS[day] ?? String(day);

/** The seven days, Monday (0) first; a day the list leaves out is a day off. */
export function weekOf(days: readonly ScheduleValue[] | null | undefined): ScheduleValue[] {
  return WEEK_DAYS.map((_, day) => {
    const given = days?.find((entry) => entry.day === day);
    return given
      ? { day, opening: given.opening.slice(0, 5), closing: given.closing.slice(0, 5) }
      : { day, opening: DAY_OFF, closing: DAY_OFF };
  });
}

/** Open unless 00:00–00:00; a day switched on but not yet given its range ('' – '') is open. */
export const isOpen = (value: ScheduleValue | undefined) =>
  value !== undefined &&
  !(value.opening === DAY_OFF && value.closing === DAY_OFF) &&
  !(value.opening !== '' && value.closing !== '' && isDayOff(value));

/** '09:00 – 20:00', or 'Cerrado' for a day off. */
export function rangeText(value: ScheduleValue | undefined): string {
  return value && isOpen(value) ? `${value.opening} – ${value.closing}` : 'Cerrado';
}

/** The antd rule of one day: a day switched on needs both ends, closing after opening. */
export function dayRule(label: string) {
  return {
    validator: async (_: unknown, value: ScheduleValue | undefined) => {
      if (!value || !isOpen(value)) return;
      if (!value.opening || !value.closing)
        throw new Error(`Indica el horario del ${label.toLowerCase()}`);
      if (minutesOf(value.closing) <= minutesOf(value.opening))
        throw new Error('La hora de cierre debe ser posterior a la de apertura');
    },
  };
}

interface DayControlProps {
  id?: string;
  label: string;
  value?: ScheduleValue;
  onChange?: (value: ScheduleValue) => void;
  /** The range a day switched on starts with (a cabin takes its branch's). */
  suggestion?: ScheduleValue;
  /** The hours this day must fall within (a cabin's branch); closed there, closed here. */
  bound?: ScheduleValue;
  /** Puts this day's range on every other open day. */
  onCopyToAll?: (value: ScheduleValue) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  /** Focus left the day (the rule runs then, or on submit, not while the user is still in it). */
  onDayLeave?: () => void;
}

function DayControl({
  id,
  label,
  value,
  onChange,
  suggestion,
  bound,
  onCopyToAll,
  disabled,
  onDayLeave,
  ...rest
}: DayControlProps) {
  const day = value?.day ?? 0;
  // Closed at the branch: the day cannot open here.
  const boundClosed = bound !== undefined && !isOpen(bound);
  const earliest = bound && !boundClosed ? minutesOf(bound.opening) : 0;
  const latestClose = bound && !boundClosed ? minutesOf(bound.closing) : 23 * 60 + 30;
  const open = isOpen(value);
  const opening = value?.opening ?? '';
  const closing = value?.closing ?? '';
  // Two quick changes (opening, then closing) compose even before the form re-renders.
  const latest = useRef<ScheduleValue>({ day, opening, closing });
  useEffect(() => {
    latest.current = { day, opening, closing };
  }, [day, opening, closing]);
  const set = (next: Partial<ScheduleValue>) => {
    latest.current = { ...latest.current, ...next };
    onChange?.(latest.current);
  };
  const hourOptions = (from: number, to: number) =>
    HALF_HOURS.filter((time) => minutesOf(time) >= from && minutesOf(time) <= to).map((time) => ({
      value: time,
      label: time,
    }));
  const suggested = suggestion && isOpen(suggestion) ? suggestion : null;

  return (
    <Flex
      align="center"
      gap={12}
      wrap
      className="schedule-day"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onDayLeave?.();
      }}
    >
      <Switch
        id={id}
        checked={open}
        disabled={disabled || (boundClosed && !open)}
        aria-label={`${label}: abierto`}
        aria-invalid={rest['aria-invalid']}
        onChange={(checked) =>
          checked
            ? set({ opening: suggested?.opening ?? '', closing: suggested?.closing ?? '' })
            : set({ opening: DAY_OFF, closing: DAY_OFF })
        }
      />
      <span className="schedule-day__name">{label}</span>
      {open ? (
        <Flex align="center" gap={8}>
          <Select
            aria-label={`${label}: apertura`}
            placeholder="Apertura"
            style={{ width: 112 }}
            disabled={disabled}
            showSearch
            value={opening || undefined}
            options={hourOptions(earliest, latestClose - 30)}
            onChange={(next: string) => {
              const current = latest.current.closing;
              set({
                opening: next,
                closing: current && minutesOf(current) <= minutesOf(next) ? '' : current,
              });
            }}
          />
          <span aria-hidden="true">a</span>
          <Select
            aria-label={`${label}: cierre`}
            placeholder="Cierre"
            style={{ width: 112 }}
            disabled={disabled}
            showSearch
            value={closing || undefined}
            options={hourOptions(opening ? minutesOf(opening) + 30 : earliest + 30, latestClose)}
            onChange={(next: string) => set({ closing: next })}
          />
          {onCopyToAll && opening && closing && (
            <Button
              size="small"
              type="link"
              icon={<CopyOutlined />}
              disabled={disabled}
              // The visible words first, as the accessible name must hold them.
              aria-label={`Copiar a todos los días abiertos el horario del ${label.toLowerCase()}`}
              onClick={() => onCopyToAll(latest.current)}
            >
              Copiar a todos
            </Button>
          )}
        </Flex>
      ) : (
        <Typography.Text type="secondary" className="schedule-day__closed">
          {boundClosed ? 'Cerrado (la sucursal no abre)' : 'Cerrado'}
        </Typography.Text>
      )}
    </Flex>
  );
}

interface ScheduleEditorProps {
  /** The form list holding the seven days (`schedule`). */
  name?: string;
  /** A line beside each day (0 Monday … 6 Sunday), e.g. the branch's hours for a cabin. */
  hint?: (day: number) => ReactNode;
  /**
   * Ranges a day switched on starts with; without them, the previous open day's hours (a branch
   * open Monday to Saturday is filled in one switch per day), and each day offers 'Copiar a todos'.
   */
  suggestions?: readonly ScheduleValue[];
  /** The hours each day must fall within (a cabin's branch): only those are offered. */
  bounds?: readonly ScheduleValue[];
  disabled?: boolean;
}

/** The open day before `day` (wrapping to the end of the week), for a day switched on. */
function previousOpen(week: readonly ScheduleValue[] | undefined, day: number) {
  if (!week) return undefined;
  for (let step = 1; step < 7; step += 1) {
    const candidate = week[(day - step + 7) % 7];
    if (candidate && isOpen(candidate) && candidate.opening && candidate.closing)
      return { ...candidate, day };
  }
  return undefined;
}

export function ScheduleEditor({
  name = 'schedule',
  hint,
  suggestions,
  bounds,
  disabled,
}: ScheduleEditorProps) {
  const form = Form.useFormInstance();
  const week = Form.useWatch(name, { form, preserve: true }) as ScheduleValue[] | undefined;
  const copyToAll = (from: ScheduleValue) => {
    const current = (form.getFieldValue(name) as ScheduleValue[] | undefined) ?? weekOf([]);
    form.setFieldValue(
      name,
      current.map((entry) =>
        isOpen(entry) ? { day: entry.day, opening: from.opening, closing: from.closing } : entry,
      ),
    );
    void form.validateFields(current.map((entry) => [name, entry.day])).catch(() => undefined);
  };
  return (
    <div className="schedule-editor" role="group" aria-label="Horario semanal">
      {WEEK_DAYS.map((label, day) => (
        <div key={label} className="schedule-editor__row">
          <Form.Item
            name={[name, day]}
            rules={[dayRule(label)]}
            className="schedule-editor__item"
            validateFirst
            // Checked once the user leaves the day (or on submit), not while they fill it in.
            validateTrigger="onDayLeave"
          >
            <DayControl
              label={label}
              disabled={disabled}
              suggestion={
                suggestions
                  ? suggestions.find((entry) => entry.day === day)
                  : previousOpen(week, day)
              }
              bound={bounds?.find((entry) => entry.day === day)}
              onCopyToAll={suggestions ? undefined : copyToAll}
            />
          </Form.Item>
          {hint && <div className="schedule-editor__hint">{hint(day)}</div>}
        </div>
      ))}
    </div>
  );
}

/** A read-only week for detail modals. */
export function ScheduleSummary({ days }: { days: readonly ScheduleValue[] }) {
  const week = weekOf(days);
  return (
    <table className="schedule-summary">
      <tbody>
        {week.map((entry) => (
          <tr key={entry.day}>
            <th scope="row">{dayName(entry.day)}</th>
            <td className={isOpen(entry) ? undefined : 'schedule-summary__closed'}>
              {rangeText(entry)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
