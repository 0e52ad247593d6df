import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { z } from 'zod';
import { messageFor, text, type Privileges } from '@clinica/domain';
import { ApiError, type ApiResult } from '../api/client';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import { FormPage, type FormPageProps } from './FormPage';
import { zodRule } from './zodRules';

/** A two-field body built with the domain's own field rules (spec 000 §5 messages). */
const categoryBody = z.strictObject({
  name: text('Nombre', { max: 50 }),
  type: text('Tipo'),
});
type Category = { id: number; name: string; type: string };

const ok = (status: number, code = 0): ApiResult<unknown> => ({
  status,
  code,
  message: messageFor(status, code),
  data: { id: 9 },
});

const fields = (
  <>
    <Form.Item label="Nombre" name="name" rules={[zodRule(categoryBody, 'name')]}>
      <Input />
    </Form.Item>
    <Form.Item label="Tipo" name="type" rules={[zodRule(categoryBody, 'type')]}>
      <Input />
    </Form.Item>
  </>
);

function renderForm(
  at: string,
  privileges: Privileges,
  overrides: Partial<FormPageProps<typeof categoryBody, Category>> = {},
) {
  signInAs(privileges);
  const submit = overrides.submit ?? vi.fn(async () => ok(201));
  const view = renderScreen(
    <FormPage<typeof categoryBody, Category>
      title="Categoría"
      resource="category"
      listPath="/dashboard/categorias"
      schema={categoryBody}
      submit={submit}
      invalidates={[['category']]}
      load={{
        queryKey: (id) => ['category', id],
        fetch: async (id) => ({ id, name: 'Faciales', type: 'treatment' }),
      }}
      toValues={(record) => ({ name: record.name, type: record.type })}
      {...{ children: fields, ...overrides }}
    />,
    { path: '/dashboard/categorias/:id', at, others: ['/dashboard/categorias'] },
  );
  return { ...view, submit };
}

const ALL: Privileges = { category: ['view', 'create', 'edit'] };

describe('the form page block', () => {
  it('validates with the shared schema and does not send an invalid form', async () => {
    const { submit } = renderForm('/dashboard/categorias/crear', ALL);
    await userEvent.click(await screen.findByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('El campo Nombre es obligatorio')).toBeTruthy();
    expect(screen.getByText('El campo Tipo es obligatorio')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('returns to the list on 201 with the catalogue message', async () => {
    const { submit, router } = renderForm('/dashboard/categorias/crear', ALL);
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Corporales');
    await userEvent.type(screen.getByLabelText('Tipo'), 'treatment');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/categorias'));
    expect(submit).toHaveBeenCalledWith(
      { name: 'Corporales', type: 'treatment' },
      null,
      expect.objectContaining({ name: 'Corporales' }),
    );
    expect(await screen.findByText('Registro creado correctamente')).toBeTruthy();
  });

  it('loads the record on /{id} and saves it with its id', async () => {
    const submit = vi.fn(async () => ok(200));
    const { router } = renderForm('/dashboard/categorias/4', ALL, { submit });
    const name = await screen.findByLabelText('Nombre');
    expect((name as HTMLInputElement).value).toBe('Faciales');
    await userEvent.clear(name);
    await userEvent.type(name, 'Faciales premium');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/categorias'));
    expect(submit).toHaveBeenCalledWith(
      { name: 'Faciales premium', type: 'treatment' },
      4,
      expect.objectContaining({ name: 'Faciales premium' }),
    );
  });

  it('stays open on failure and puts each server detail on its field', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, 0, [
        { field: 'name', message: 'El nombre ya existe en esta sucursal' },
        { field: 'color', message: 'El color ya está en uso' },
      ]);
    });
    const { router } = renderForm('/dashboard/categorias/4', ALL, { submit });
    await screen.findByLabelText('Nombre');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('El nombre ya existe en esta sucursal')).toBeTruthy();
    // A detail about a field the form does not have is still shown, above the form.
    expect(screen.getByText('El color ya está en uso')).toBeTruthy();
    expect(screen.getByText(messageFor(400, 0))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/categorias/4');
  });

  it('asks before saving when told, and a refusal sends nothing and stays open', async () => {
    const submit = vi.fn(async () => ok(200));
    const confirmSave = vi.fn(() => ({ title: '¿Deseas confirmar esta orden?' }));
    const { router } = renderForm('/dashboard/categorias/4', ALL, { submit, confirmSave });
    const save = await screen.findByRole('button', { name: /Guardar/ });
    await userEvent.click(save);
    await waitFor(() => expect(confirmSave).toHaveBeenCalledTimes(1));
    expect(confirmSave).toHaveBeenCalledWith({ name: 'Faciales', type: 'treatment' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(submit).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard/categorias/4');
    await userEvent.click(save);
    // The first dialog may still be closing: the newest one is last.
    const confirms = await screen.findAllByRole('button', { name: 'Confirmar' });
    await userEvent.click(confirms.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/categorias'));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('disables the submit button while saving', async () => {
    let finish: (value: ApiResult<unknown>) => void = () => undefined;
    const submit = vi.fn(() => new Promise<ApiResult<unknown>>((resolve) => (finish = resolve)));
    renderForm('/dashboard/categorias/4', ALL, { submit });
    await screen.findByLabelText('Nombre');
    const button = screen.getByRole('button', { name: /Guardar/ });
    await userEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    await userEvent.click(button);
    expect(submit).toHaveBeenCalledTimes(1);
    finish(ok(200));
  });

  it('is read-only without the edit privilege', async () => {
    renderForm('/dashboard/categorias/4', { category: ['view'] });
    const name = await screen.findByLabelText('Nombre');
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull();
    expect(screen.getByText('Solo lectura')).toBeTruthy();
  });

  it('walks a multi-step form, checking each step before the next', async () => {
    const submit = vi.fn(async () => {
      throw new ApiError(400, 0, [{ field: 'name', message: 'El nombre ya existe' }]);
    });
    renderForm('/dashboard/categorias/crear', ALL, {
      submit,
      children: undefined,
      steps: [
        {
          title: 'Datos',
          fields: ['name'],
          content: (
            <Form.Item label="Nombre" name="name" rules={[zodRule(categoryBody, 'name')]}>
              <Input />
            </Form.Item>
          ),
        },
        {
          title: 'Clasificación',
          fields: ['type'],
          content: (
            <Form.Item label="Tipo" name="type" rules={[zodRule(categoryBody, 'type')]}>
              <Input />
            </Form.Item>
          ),
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect((await screen.findAllByText('El campo Nombre es obligatorio')).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByRole('button', { name: /Guardar/ })).toBeNull();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Láser');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await userEvent.type(await screen.findByLabelText('Tipo'), 'treatment');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    // The server's message is about a field of the first step: the form goes back to it.
    expect((await screen.findAllByText('El nombre ya existe')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy());
  });

  it('on edit, opens any step from its header and saves from every step (issue 11 item 8)', async () => {
    const submit = vi.fn(async () => ok(200));
    const { router } = renderForm('/dashboard/categorias/5', ALL, {
      submit,
      children: undefined,
      steps: [
        {
          title: 'Datos',
          fields: ['name'],
          content: (
            <Form.Item label="Nombre" name="name" rules={[zodRule(categoryBody, 'name')]}>
              <Input />
            </Form.Item>
          ),
        },
        {
          title: 'Clasificación',
          fields: ['type'],
          content: (
            <Form.Item label="Tipo" name="type" rules={[zodRule(categoryBody, 'type')]}>
              <Input />
            </Form.Item>
          ),
        },
      ],
    });
    expect(await screen.findByDisplayValue('Faciales')).toBeTruthy();
    // Guardar on the first step already.
    expect(screen.getByRole('button', { name: /Guardar/ })).toBeTruthy();
    // The second step's header opens it, without walking through Siguiente.
    await userEvent.click(screen.getByText('Clasificación'));
    await waitFor(() =>
      expect(screen.getByLabelText('Tipo').closest('[data-step]')?.hasAttribute('hidden')).toBe(
        false,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/categorias'));
    expect(submit).toHaveBeenCalledWith(
      { name: 'Faciales', type: 'treatment' },
      5,
      expect.anything(),
    );
  });

  it('says what happens next when the page has more to say than the catalogue (an invitation)', async () => {
    renderForm('/dashboard/categorias/crear', ALL, {
      savedText: (body, editing) => (editing ? null : `Enviamos una invitación a ${body.name}.`),
    });
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Corporales');
    await userEvent.type(screen.getByLabelText('Tipo'), 'treatment');
    await userEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toBe(
        'Enviamos una invitación a Corporales.',
      ),
    );
  });

  it('a record that fails to load offers "Reintentar"; a missing one says it was not found', async () => {
    let fail = true;
    renderForm('/dashboard/categorias/4', ALL, {
      load: {
        queryKey: (id) => ['category', id, 'retry'],
        fetch: async (id) => {
          if (fail) throw new Error('sin conexión');
          return { id, name: 'Faciales', type: 'treatment' };
        },
      },
    });
    const retry = await screen.findByRole('button', { name: /Reintentar/ });
    expect(screen.getByText('No se pudo cargar el registro de categoría')).toBeTruthy();
    expect(screen.queryByText(/No se encontró/)).toBeNull();
    fail = false;
    await userEvent.click(retry);
    expect(((await screen.findByLabelText('Nombre')) as HTMLInputElement).value).toBe('Faciales');
  });

  it('a 404 is "not found", with no retry', async () => {
    renderForm('/dashboard/categorias/4', ALL, {
      load: {
        queryKey: (id) => ['category', id, 'missing'],
        fetch: async () => {
          throw new ApiError(404, 0);
        },
      },
    });
    expect(await screen.findByText('No se encontró el registro de categoría')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reintentar/ })).toBeNull();
  });
});
