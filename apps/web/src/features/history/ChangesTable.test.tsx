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
  });
});
