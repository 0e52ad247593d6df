import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ConfigProvider, Form } from 'antd';
import esES from 'antd/locale/es_ES';
import {
  ScheduleEditor,
  ScheduleSummary,
  dayName,
  weekOf,
  type ScheduleValue,
} from './ScheduleEditor';

function renderEditor(schedule: ScheduleValue[], props: Parameters<typeof ScheduleEditor>[0] = {}) {
  const onFinish = vi.fn();
  render(
    <ConfigProvider locale={esES}>
      <Form initialValues={{ schedule }} onFinish={onFinish}>
        <ScheduleEditor {...props} />
        <Button htmlType="submit">Enviar</Button>
      </Form>
    </ConfigProvider>,
  );
  return onFinish;
}

const sent = (onFinish: ReturnType<typeof vi.fn>) =>
  (onFinish.mock.calls[0]?.[0] as { schedule: ScheduleValue[] }).schedule.map(
    (day) => `${day.day} ${day.opening}-${day.closing}`,
  );

describe('the weekly schedule editor (spec 000 §4, §5)', () => {
  it('fills the days a stored week leaves out as days off, Monday (0) first', () => {
    expect(weekOf([{ day: 2, opening: '10:00:00', closing: '18:30:00' }])).toEqual([
      { day: 0, opening: '00:00', closing: '00:00' },
      { day: 1, opening: '00:00', closing: '00:00' },
      { day: 2, opening: '10:00', closing: '18:30' },
      { day: 3, opening: '00:00', closing: '00:00' },
      { day: 4, opening: '00:00', closing: '00:00' },
      { day: 5, opening: '00:00', closing: '00:00' },
      { day: 6, opening: '00:00', closing: '00:00' },
    ]);
  });

  it('names the days as the API numbers them: 0 Lunes … 6 Domingo (CONTRACT §8)', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(dayName)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
    render(<ScheduleSummary days={[{ day: 6, opening: '10:00', closing: '14:00' }]} />);
    expect(screen.getByRole('rowheader', { name: 'Domingo' }).nextElementSibling?.textContent).toBe(
      '10:00 – 14:00',
    );
    expect(screen.getByRole('rowheader', { name: 'Lunes' }).nextElementSibling?.textContent).toBe(
      'Cerrado',
    );
  });

  it('shows seven days with a switch each; a closed day shows no range', () => {
    renderEditor(weekOf([{ day: 0, opening: '09:00', closing: '18:00' }]));
    expect(screen.getAllByRole('switch')).toHaveLength(7);
    expect(
      (screen.getByRole('switch', { name: 'Lunes: abierto' }) as HTMLElement).getAttribute(
        'aria-checked',
      ),
    ).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Lunes: apertura' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Martes: apertura' })).toBeNull();
    expect(screen.getAllByText('Cerrado')).toHaveLength(6);
  });

  it('turning a day off clears its range, and a day off is sent as 00:00–00:00', async () => {
    const onFinish = renderEditor(
      weekOf([
        { day: 0, opening: '09:00', closing: '18:00' },
        { day: 1, opening: '09:00', closing: '14:30' },
      ]),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Martes: abierto' }));
    expect(screen.queryByRole('combobox', { name: 'Martes: apertura' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(sent(onFinish)).toEqual([
      '0 09:00-18:00',
      '1 00:00-00:00',
      '2 00:00-00:00',
      '3 00:00-00:00',
      '4 00:00-00:00',
      '5 00:00-00:00',
      '6 00:00-00:00',
    ]);
  });

  it('a day switched on needs its range before the form is sent', async () => {
    const onFinish = renderEditor(weekOf([]));
    await userEvent.click(screen.getByRole('switch', { name: 'Miércoles: abierto' }));
    expect(screen.getByRole('combobox', { name: 'Miércoles: apertura' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Indica el horario del miércoles')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('says a day needs its range only once the user leaves that day (issue 11 item 7)', async () => {
    render(
      <ConfigProvider locale={esES}>
        <Form initialValues={{ schedule: weekOf([]) }}>
          <ScheduleEditor />
          <input aria-label="Otro campo" />
        </Form>
      </ConfigProvider>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Miércoles: abierto' }));
    // Still on the day: no error yet.
    expect(screen.queryByText('Indica el horario del miércoles')).toBeNull();
    await userEvent.click(screen.getByLabelText('Otro campo'));
    expect(await screen.findByText('Indica el horario del miércoles')).toBeTruthy();
  });

  it('a day switched on starts with the suggested range (a cabin takes its branch’s)', async () => {
    const onFinish = renderEditor(weekOf([]), {
      suggestions: weekOf([{ day: 4, opening: '10:00', closing: '19:30' }]),
      hint: (day) => (day === 4 ? 'Sucursal: 10:00 – 19:30' : null),
    });
    expect(screen.getByText('Sucursal: 10:00 – 19:30')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Viernes: abierto' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(sent(onFinish)[4]).toBe('4 10:00-19:30');
  });

  it('a branch day switched on takes the previous open day’s hours; Copiar a todos (issue 11)', async () => {
    const onFinish = renderEditor(
      weekOf([
        { day: 0, opening: '09:00', closing: '20:00' },
        { day: 2, opening: '10:00', closing: '18:00' },
      ]),
    );
    // No error while the user is still filling the week in.
    await userEvent.click(screen.getByRole('switch', { name: 'Martes: abierto' }));
    expect(screen.queryByText(/Indica el horario/)).toBeNull();
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Copiar a todos los días abiertos el horario del miércoles',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(sent(onFinish).slice(0, 4)).toEqual([
      '0 10:00-18:00',
      '1 10:00-18:00',
      '2 10:00-18:00',
      '3 00:00-00:00',
    ]);
  });

  it('a cabin offers only its branch’s hours, and not the days the branch is closed', async () => {
    const branch = weekOf([{ day: 0, opening: '09:00', closing: '14:00' }]);
    renderEditor(weekOf([{ day: 0, opening: '09:00', closing: '14:00' }]), {
      suggestions: branch,
      bounds: branch,
    });
    expect(
      (screen.getByRole('switch', { name: 'Martes: abierto' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getAllByText('Cerrado (la sucursal no abre)')).toHaveLength(6);
    await userEvent.click(screen.getByRole('combobox', { name: 'Lunes: apertura' }));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map(
      (option) => option.textContent,
    );
    expect(offered[0]).toBe('09:00');
    expect(offered.at(-1)).toBe('13:30');
  });
});
