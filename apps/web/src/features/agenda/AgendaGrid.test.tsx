import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AgendaGrid } from './AgendaGrid';
import { DAY, appointment } from './fixtures';
import { buildGrid } from './grid';

function setup(canBook = true) {
  const onBook = vi.fn();
  const onOpen = vi.fn();
  const booked = appointment();
  render(
    <AgendaGrid
      model={buildGrid(DAY, [booked])}
      onBook={onBook}
      onOpen={onOpen}
      canBook={canBook}
    />,
  );
  return { onBook, onOpen, booked };
}

describe('the agenda grid is a real ARIA grid (issue 16)', () => {
  it('has cabins as column headers and times as row headers', () => {
    setup();
    expect(screen.getByRole('grid')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Hora',
      'Cabina 1Médica',
      'Cabina 2Facial',
    ]);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('has one tab stop, at the first free slot, and moves it with the arrows', () => {
    setup();
    const focusable = screen
      .getAllByRole('gridcell')
      .filter((cell) => cell.getAttribute('tabindex') === '0');
    expect(focusable.map((cell) => cell.getAttribute('aria-label'))).toEqual([
      'Cabina 1, 10:00: libre, agendar',
    ]);
    focusable[0]!.focus();
    fireEvent.keyDown(focusable[0]!, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Cabina 2, 10:00: libre, agendar',
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Cabina 2, 10:30: libre, agendar',
    );
  });

  it('books a free slot with Enter and opens an appointment with Enter', () => {
    const { onBook, onOpen, booked } = setup();
    const free = screen.getByRole('gridcell', { name: 'Cabina 1, 10:00: libre, agendar' });
    free.focus();
    fireEvent.keyDown(free, { key: 'Enter' });
    expect(onBook).toHaveBeenCalledWith(11, '10:00');
    fireEvent.keyDown(free, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(booked);
  });

  it('books by mouse too, and never a locked or past slot', () => {
    const { onBook } = setup();
    fireEvent.click(screen.getByRole('gridcell', { name: 'Cabina 2, 11:00: bloqueado, comida' }));
    fireEvent.click(screen.getByRole('gridcell', { name: 'Cabina 1, 09:00: horario pasado' }));
    expect(onBook).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('gridcell', { name: 'Cabina 2, 10:30: libre, agendar' }));
    expect(onBook).toHaveBeenCalledWith(12, '10:30');
  });

  it('without the create privilege, free slots do not offer booking', () => {
    const { onBook } = setup(false);
    const free = screen.getByRole('gridcell', { name: 'Cabina 1, 10:00: libre' });
    fireEvent.click(free);
    expect(onBook).not.toHaveBeenCalled();
  });
});

describe('marks of CONTRACT §15', () => {
  it('marks an online booking and a reminder that could not be sent', () => {
    render(
      <AgendaGrid
        model={buildGrid(DAY, [
          appointment({ appointmentMethod: 'En línea', reminderFailed: true }),
        ])}
        onBook={vi.fn()}
        onOpen={vi.fn()}
        canBook
      />,
    );
    expect(screen.getByText('En línea')).toBeTruthy();
    expect(screen.getByText('Recordatorio no enviado')).toBeTruthy();
  });
});
