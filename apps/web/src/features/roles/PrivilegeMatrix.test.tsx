import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivilegeMatrix } from './PrivilegeMatrix';

const MODULES = [
  {
    id: 1,
    name: 'Cabinas',
    alias: 'cabain',
    group: 'Organización',
    actions: ['view', 'edit'] as const,
  },
  {
    id: 2,
    name: 'Inventario',
    alias: 'inventory',
    group: 'Inventario',
    actions: ['view', 'adjustment'] as const,
  },
].map((entry) => ({ ...entry, actions: [...entry.actions] }));

describe('the privilege matrix', () => {
  it('offers only the actions each resource has', () => {
    render(<PrivilegeMatrix modules={MODULES} value={{}} />);
    expect(screen.getByLabelText('Editar en Cabinas')).toBeTruthy();
    expect(screen.queryByLabelText('Ajustes en Cabinas')).toBeNull();
    expect(screen.getByLabelText('Ajustes en Inventario')).toBeTruthy();
  });

  it('grants one action, a whole column or a whole row', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <PrivilegeMatrix modules={MODULES} value={{ cabain: ['view'] }} onChange={onChange} />,
    );
    await userEvent.click(screen.getByLabelText('Editar en Cabinas'));
    expect(onChange).toHaveBeenLastCalledWith({ cabain: ['view', 'edit'] });
    await userEvent.click(screen.getByLabelText('Ver en todos los módulos'));
    expect(onChange).toHaveBeenLastCalledWith({ cabain: ['view'], inventory: ['view'] });
    rerender(
      <PrivilegeMatrix modules={MODULES} value={{ cabain: ['view'] }} onChange={onChange} />,
    );
    await userEvent.click(screen.getByLabelText('Todas las acciones en Inventario'));
    expect(onChange).toHaveBeenLastCalledWith({
      cabain: ['view'],
      inventory: ['view', 'adjustment'],
    });
  });

  it('removing the last action drops the resource from the map', async () => {
    const onChange = vi.fn();
    render(<PrivilegeMatrix modules={MODULES} value={{ cabain: ['view'] }} onChange={onChange} />);
    await userEvent.click(screen.getByLabelText('Ver en Cabinas'));
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
