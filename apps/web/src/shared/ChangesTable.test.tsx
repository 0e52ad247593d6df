import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ChangesTable, displayValue } from './ChangesTable';

/** Each body row as [Campo, Antes, Después]. */
function rows(): string[][] {
  const body = document.querySelector('.ant-table-tbody');
  if (!body) return [];
  return within(body as HTMLElement)
    .getAllByRole('row')
    .filter((row) => !row.classList.contains('ant-table-measure-row'))
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe("the 'Cambios' view: before and after, one row per field (spec 001 §2)", () => {
  it('shows each changed field with its value before and after', () => {
    render(
      <ChangesTable
        module="cabain"
        changes={{
          name: { before: 'Cabina 1', after: 'Cabina Láser' },
          status: { before: true, after: false },
          description: { before: null, after: 'Solo depilación' },
        }}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Campo',
      'Antes',
      'Después',
    ]);
    expect(rows()).toEqual([
      // Each field by its label in the cabin's form (issue 11 item 5), not its key.
      ['Nombre', 'Cabina 1', 'Cabina Láser'],
      ['Estatus', 'Sí', 'No'],
      ['Usuario', '—', 'Solo depilación'],
    ]);
  });

  it("names a role's privileges as the role editor does", () => {
    render(
      <ChangesTable
        module="role"
        changes={{ cabain: { before: ['view'], after: ['view', 'edit', 'delete'] } }}
      />,
    );
    expect(rows()).toEqual([['Cabinas', 'Ver', 'Ver, Editar, Eliminar']]);
  });

  it('names every field in Spanish, nested ones too, and leaves out what restates another (issue 11 item 5)', () => {
    render(
      <ChangesTable
        module="products"
        changes={{
          id: { before: null, after: 7 },
          contentType: { before: 'Caja', after: 'Vial' },
          measureUnit: { before: 'pza', after: 'ml' },
          tax: { before: 8, after: 16 },
          contentLabel: { before: '1 caja', after: '1 vial' },
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Tipo de contenido', 'Caja', 'Vial'],
      ['Unidad de medida', 'pza', 'ml'],
      // A percentage reads as the product form shows it (review of issue 13).
      ['IVA', '8 %', '16 %'],
    ]);
  });

  it("reads an employee file's nested parts by their labels", () => {
    render(
      <ChangesTable
        module="users"
        changes={{
          'kardex.workShift': { before: 'matutino', after: 'vespertino' },
          'kardex.address': {
            before: { city: 'Tijuana', state: 'Baja California' },
            after: { city: 'Ensenada', state: 'Baja California' },
          },
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Turno', 'matutino', 'vespertino'],
      [
        'Domicilio',
        'Ciudad: Tijuana; Estado: Baja California',
        'Ciudad: Ensenada; Estado: Baja California',
      ],
    ]);
  });

  it('names a treatment’s duration and shows its price as money', () => {
    render(
      <ChangesTable
        module="treatments"
        changes={{
          term: { before: '01:00', after: '01:30' },
          price: { before: 4500, after: 4950 },
          points: { before: 10, after: 12 },
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Duración', '01:00', '01:30'],
      ['Precio', '$4,500.00', '$4,950.00'],
      ['Puntos', '10', '12'],
    ]);
  });

  it('names an option by its Spanish name and leaves out what a creation left empty', () => {
    render(
      <ChangesTable
        module="category"
        changes={{
          name: { before: null, after: 'Gasas y apósitos' },
          type: { before: null, after: 'product' },
          description: { before: null, after: null },
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Nombre', '—', 'Gasas y apósitos'],
      ['Tipo', '—', 'Producto'],
    ]);
  });

  it('names a product’s approval in Spanish', () => {
    render(
      <ChangesTable
        module="products"
        changes={{ approvalStatus: { before: 'pending', after: 'approved' } }}
      />,
    );
    expect(rows()).toEqual([['Aprobación', 'Pendiente', 'Aprobado']]);
  });

  it('shows of a week only the days that changed', () => {
    const week = (saturday: string) => [
      { day: 0, opening: '09:00', closing: '20:00' },
      { day: 5, opening: '09:00', closing: saturday },
    ];
    render(
      <ChangesTable
        module="branch"
        changes={{ schedules: { before: week('15:00'), after: week('18:00') } }}
      />,
    );
    expect(rows()).toEqual([['Horario', 'Sábado 09:00–15:00', 'Sábado 09:00–18:00']]);
  });

  it('says so when the entry recorded no field changes', () => {
    render(<ChangesTable changes={null} />);
    expect(screen.getByText('Este movimiento no registró cambios de campos')).toBeTruthy();
    expect(document.querySelector('.ant-table')).toBeNull();
  });
});

describe('a value as a person reads it', () => {
  it('empty is a dash, yes/no in Spanish, lists and objects compactly', () => {
    expect(displayValue('')).toBe('—');
    expect(displayValue(undefined)).toBe('—');
    expect(displayValue([])).toBe('—');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(['6641234567', '6647654321'])).toBe('6641234567, 6647654321');
    expect(displayValue({ opening: '09:00', closing: null })).toBe('opening: 09:00; closing: —');
    // A related record by its name, a schedule day by its name and hours.
    expect(displayValue([{ id: 3, name: 'Protec' }])).toBe('Protec');
    expect(
      displayValue([
        { day: 0, opening: '09:00:00', closing: '20:00:00' },
        { day: 6, opening: '00:00', closing: '00:00' },
      ]),
    ).toBe('Lunes 09:00–20:00, Domingo cerrado');
  });
});
