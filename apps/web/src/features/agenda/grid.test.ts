import { describe, expect, it } from 'vitest';
import { buildGrid, moveFocus } from './grid';
import { DAY, appointment } from './fixtures';

describe('the agenda grid as data (spec 002 §2, §4)', () => {
  const model = buildGrid(DAY, [
    appointment(),
    appointment({ id: 102, status: 'cancelled', startTime: '09:00', endTime: '09:30' }),
  ]);
  const at = (time: string, cabin: number) =>
    model.slots[model.times.indexOf(time)]![model.cabins.findIndex((c) => c.id === cabin)]!;

  it('has a row per half hour of the branch day and a column per cabin', () => {
    expect(model.times).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(model.cabins.map((cabin) => cabin.name)).toEqual(['Cabina 1', 'Cabina 2']);
  });

  it('draws an appointment at its start over its rows, and announces it', () => {
    const slot = at('10:30', 11);
    expect(slot.kind).toBe('appointment');
    expect(slot.kind === 'appointment' && slot.rows).toBe(2);
    expect(slot.label).toBe(
      'Cabina 1, 10:30 a 11:30: cita de Ana López, Toxina botulínica, Agendada',
    );
    expect(at('11:00', 11).kind).toBe('continued');
  });

  it('leaves a cancelled appointment out: its slot is free again (or past)', () => {
    expect(at('09:00', 11).kind).toBe('past');
  });

  it('locks past slots only more than 30 minutes ago', () => {
    // now is 10:10: 09:30 started 40 minutes ago, 10:00 only 10.
    expect(at('09:30', 11).kind).toBe('past');
    expect(at('10:00', 11)).toEqual({ kind: 'free', label: 'Cabina 1, 10:00: libre, agendar' });
  });

  it('draws locks as blocked time and respects each cabin’s own hours', () => {
    expect(at('11:00', 12).kind).toBe('locked');
    expect(at('11:30', 12).label).toBe('Cabina 2, 11:30: bloqueado, comida');
    expect(at('09:30', 12).kind).toBe('off');
  });

  it('has no rows on a day the branch is closed', () => {
    expect(buildGrid({ ...DAY, hours: null }, []).times).toEqual([]);
  });

  it('moves the roving focus with the arrows, clamped to the grid', () => {
    const size = { rows: 6, columns: 2 };
    expect(moveFocus('ArrowDown', { row: 0, column: 0 }, size)).toEqual({ row: 1, column: 0 });
    expect(moveFocus('ArrowLeft', { row: 0, column: 0 }, size)).toEqual({ row: 0, column: 0 });
    expect(moveFocus('End', { row: 2, column: 0 }, size)).toEqual({ row: 2, column: 1 });
    expect(moveFocus('End', { row: 2, column: 0 }, size, true)).toEqual({ row: 5, column: 1 });
    expect(moveFocus('a', { row: 0, column: 0 }, size)).toBeNull();
  });
});
