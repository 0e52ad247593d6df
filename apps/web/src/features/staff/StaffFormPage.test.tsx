import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { FormPage } from '../../shared/form/FormPage';
import { StaffFormPage, staffSteps } from './StaffFormPage';
import { createStaffForm, newStaffValues } from './staffForm';

const ROLES = [
  {
    id: 1,
    role: 'Super Administrador',
    key: 'superAdmin',
    branchFixed: false,
    path: 'inicio',
    privileges: {},
  },
  {
    id: 7,
    role: 'Cosmetóloga',
    key: 'cosmetologist',
    branchFixed: true,
    path: 'inicio',
    privileges: {},
  },
];
const POSITIONS = [
  { id: 4, name: 'Médico Estético', department: { id: 2, name: 'Médica' } },
  { id: 6, name: 'Cosmetóloga', department: { id: 3, name: 'Cosmetología' } },
];

function stubApi() {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/v1/role')) return envelopeResponse(200, ROLES);
    if (url.startsWith('/v1/job-position')) return envelopeResponse(200, POSITIONS);
    if (url.startsWith('/v1/branch')) return envelopeResponse(200, onePage([]));
    return envelopeResponse(500, null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  stubApi();
  // A branch manager: the branch is fixed to theirs, so the test need not pick it.
  signInAs({ users: ['view', 'create', 'edit'] }, { role: 'Sucursal Gerente', branchId: 2 });
  return renderScreen(<StaffFormPage />, {
    path: '/dashboard/personal/:id',
    at: '/dashboard/personal/crear',
    others: ['/dashboard/personal'],
  });
}

const png = (bytes: number, name = 'foto.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function chooseOption(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}

/** Fields by id: labels such as 'Nombre' and 'Teléfono' repeat across the steps. */
const field = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No field #${id}`);
  return element as HTMLInputElement;
};

const user = userEvent.setup({ applyAccept: false });

/** Pastes instead of typing key by key: antd's inputs are slow to type into under happy-dom. */
async function fill(id: string, text: string) {
  await user.click(field(id));
  await user.paste(text);
}

async function fillUsuario() {
  await user.upload(screen.getByLabelText('Foto del empleado'), png(2048));
  await fill('name', 'Lucía');
  await fill('lastName', 'Serrano');
  await fill('motherLastName', 'Pérez');
  await fill('username', 'lucia@clinica.mx');
  await chooseOption('Rol', 'Cosmetóloga');
}

const current = () => document.querySelector('.ant-steps-item-process')?.textContent ?? '';

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('signout');
});

describe('the seven-step staff form (spec 000 §2, §5)', () => {
  it(
    'shows the seven steps and stays on Usuario until its fields are valid',
    { timeout: 60_000 },
    async () => {
      renderForm();
      for (const title of [
        'Usuario',
        'Iniciales',
        'Personales',
        'Domicilio',
        'Contactos',
        'Referencias',
        'Contratos',
      ])
        expect(screen.getAllByText(title).length).toBeGreaterThan(0);
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('El campo Nombre es obligatorio')).toBeTruthy();
      expect(screen.getByText('Selecciona una imagen')).toBeTruthy();
      expect(screen.getByText('El campo Rol es obligatorio')).toBeTruthy();
      expect(current()).toContain('Usuario');
      expect(screen.queryByRole('button', { name: 'Atrás' })).toBeNull();
      // No status toggle on create (spec 000 §2: only when editing).
      expect(screen.queryByRole('switch', { name: 'Estatus' })).toBeNull();
    },
  );

  it('refuses a photo of 1 MB or more, or of another type, with its message', async () => {
    renderForm();
    const input = screen.getByLabelText('Foto del empleado');
    await user.upload(input, png(1_048_576));
    expect(await screen.findByText('La imagen debe pesar menos de 1 MB')).toBeTruthy();
    await user.upload(input, new File(['x'], 'cv.pdf'));
    expect(await screen.findByText('La imagen debe ser png, jpg, jpeg, webp o gif')).toBeTruthy();
  });

  it(
    'moves to Iniciales once Usuario is valid, checks it, and goes back with Atrás',
    { timeout: 60_000 },
    async () => {
      renderForm();
      await fillUsuario();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      await waitFor(() => expect(current()).toContain('Iniciales'));

      await fill('kardex_employeeNumber', '12a');
      await fill('kardex_phones_0_phone', '664123');
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(
        await screen.findByText('El campo Número de empleado solo admite dígitos'),
      ).toBeTruthy();
      // antd settles each field's rules on its own tick: wait for every message.
      expect(await screen.findByText('El campo Teléfono debe tener 10 dígitos')).toBeTruthy();
      expect(await screen.findByText('El campo Puesto es obligatorio')).toBeTruthy();
      expect(await screen.findByText('El campo Fecha de nacimiento es obligatorio')).toBeTruthy();
      expect(field('kardex_phones_0_phone').value).toBe('(664)123');
      expect(current()).toContain('Iniciales');

      await user.click(screen.getByRole('button', { name: 'Atrás' }));
      await waitFor(() => expect(current()).toContain('Usuario'));
    },
  );

  it(
    'fills the department from the job position and asks ISR only of a Médico position',
    { timeout: 60_000 },
    async () => {
      renderForm();
      await fillUsuario();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      await waitFor(() => expect(current()).toContain('Iniciales'));
      expect(screen.queryByLabelText('ISR')).toBeNull();
      await chooseOption('Puesto', 'Médico Estético');
      expect((screen.getByLabelText('Departamento') as HTMLInputElement).value).toBe('Médica');
      expect(screen.getByLabelText('ISR')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      expect(await screen.findByText('El campo ISR es obligatorio')).toBeTruthy();
    },
  );
});

/** A new employee (the form's own starting values) whose first three steps are filled in. */
function filledUpToDomicilio() {
  const start = newStaffValues(2);
  return {
    ...start,
    photo: png(2048),
    name: 'Lucía',
    lastName: 'Serrano',
    motherLastName: 'Pérez',
    username: 'lucia@clinica.mx',
    roleId: 7,
    kardex: {
      ...start.kardex,
      employeeNumber: '123456',
      jobPositionId: 6,
      workShift: 'matutino',
      birthdate: '1996-04-12',
      admissionDate: '2024-03-01',
      phones: [{ phone: '(664)123-4567' }],
      bankInformation: {
        ...start.kardex.bankInformation,
        salary: 15500,
        bankAccount: '012180001234567890',
      },
      personalData: {
        ...start.kardex.personalData,
        gender: 'Femenino',
        maritalStatus: 'Soltero',
        birthState: 'Baja California',
        birthCity: 'Tijuana',
        nss: '12345678901',
        curp: 'GOTV960412MBCMRL09',
        rfc: 'GOTV960412AB1',
        ocr: '1234567890123',
        educationalDegree: 'superior',
        profession: 'Cosmetóloga',
        childrens: 0,
        email: 'lucia@correo.mx',
        bloodType: 'O+',
        diseases: 'Ninguna',
        allergies: 'Ninguna',
        drugAllergies: 'Ninguna',
      },
    },
  };
}

describe('the Domicilio step (spec 000 §5)', () => {
  it(
    'cannot be passed empty: each of its fields says it is required, in Spanish',
    { timeout: 60_000 },
    async () => {
      stubApi();
      signInAs({ users: ['view', 'create', 'edit'] }, { role: 'Sucursal Gerente', branchId: 2 });
      const submit = vi.fn();
      renderScreen(
        <FormPage
          title="Empleado"
          resource="users"
          listPath="/dashboard/personal"
          schema={createStaffForm}
          initialValues={filledUpToDomicilio()}
          submit={submit}
          invalidates={[]}
          steps={staffSteps(false)}
        />,
        { path: '/dashboard/personal/:id', at: '/dashboard/personal/crear' },
      );
      for (const step of ['Iniciales', 'Personales', 'Domicilio']) {
        await user.click(screen.getByRole('button', { name: 'Siguiente' }));
        await waitFor(() => expect(current()).toContain(step));
      }
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
      // antd settles each field's rules on its own tick: wait for every message.
      for (const label of [
        'Domicilio',
        'Ciudad',
        'Estado',
        'Domicilio INE',
        'Ciudad INE',
        'Estado INE',
      ])
        expect(await screen.findByText(`El campo ${label} es obligatorio`)).toBeTruthy();
      expect(screen.queryByText(/Invalid input/)).toBeNull();
      expect(current()).toContain('Domicilio');
      expect(submit).not.toHaveBeenCalled();
    },
  );
});

describe('a role never shows as a number (issue 11 item 7)', () => {
  function renderWithRole(roles: () => Promise<Response>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/v1/role')) return roles();
        if (url.startsWith('/v1/job-position')) return envelopeResponse(200, POSITIONS);
        return envelopeResponse(200, onePage([]));
      }),
    );
    signInAs({ users: ['view', 'create', 'edit'] }, { role: 'Sucursal Gerente', branchId: 2 });
    renderScreen(
      <FormPage
        title="Empleado"
        resource="users"
        listPath="/dashboard/personal"
        schema={createStaffForm}
        initialValues={filledUpToDomicilio()}
        submit={vi.fn()}
        invalidates={[]}
        steps={staffSteps(false)}
      />,
      { path: '/dashboard/personal/:id', at: '/dashboard/personal/crear' },
    );
  }
  const shownRole = () =>
    document.querySelector('#roleId')?.closest('.ant-select')?.textContent ?? '';

  it('reads Cargando… while the roles load, never the id', async () => {
    renderWithRole(() => new Promise<Response>(() => undefined));
    await waitFor(() => expect(shownRole()).toContain('Cargando…'));
    expect(shownRole()).not.toContain('7');
  });

  it('reads the role by its name once the roles are in', async () => {
    renderWithRole(async () => envelopeResponse(200, ROLES));
    await waitFor(() => expect(shownRole()).toContain('Cosmetóloga'));
    expect(shownRole()).not.toMatch(/\b7\b/);
  });
});
