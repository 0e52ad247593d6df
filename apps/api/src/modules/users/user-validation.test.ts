import { describe, expect, it } from 'vitest';
import {
  create,
  created,
  positions,
  staffBody,
  update,
  withKardex,
  useStaffWorld,
} from './user.fixture';

useStaffWorld();

describe('validation rules of the seven steps (spec 000 §5), with their messages', () => {
  const cases: [string, string, unknown, string, string][] = [
    ['name max 50', 'name', 'x'.repeat(51), 'name', 'El campo Nombre admite máximo 50 caracteres'],
    [
      'lastName min 2',
      'lastName',
      'G',
      'lastName',
      'El campo Apellido paterno requiere mínimo 2 caracteres',
    ],
    [
      'motherLastName required',
      'motherLastName',
      '',
      'motherLastName',
      'El campo Apellido materno es obligatorio',
    ],
    [
      'username an e-mail',
      'username',
      'valeria',
      'username',
      'El campo Usuario debe ser un correo electrónico válido',
    ],
    ['role required', 'roleId', undefined, 'roleId', 'El campo Rol es obligatorio'],
    ['kardex required', 'kardex', undefined, 'kardex', 'El campo Expediente es obligatorio'],
    [
      'status only on edit',
      'status',
      'inactivo',
      'status',
      'El estatus solo se puede cambiar al editar; un usuario nuevo siempre está activo',
    ],
  ];
  it.each(cases)('%s', async (_rule, key, value, field, message) => {
    const body = staffBody() as Record<string, unknown>;
    if (value === undefined) delete body[key];
    else body[key] = value;
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({ field, message });
  });

  const kardexCases: [string, unknown, string, string][] = [
    [
      'employeeNumber',
      '1234567',
      'kardex.employeeNumber',
      'El campo Número de empleado admite máximo 6 caracteres',
    ],
    [
      'employeeNumber',
      '12A4',
      'kardex.employeeNumber',
      'El campo Número de empleado solo admite dígitos',
    ],
    ['workShift', 'nocturno', 'kardex.workShift', 'El campo Turno tiene un valor no permitido'],
    [
      'departureDate',
      '2025-01-01',
      'kardex.departureDate',
      'El campo Fecha de baja solo se captura al editar',
    ],
    [
      'reentryDate',
      '2025-01-01',
      'kardex.reentryDate',
      'El campo Fecha de reingreso solo se captura al editar',
    ],
    [
      'birthdate',
      '2023-02-30',
      'kardex.birthdate',
      'El campo Fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD)',
    ],
    ['phones', [], 'kardex.phones', 'El campo Teléfono es obligatorio'],
    [
      'phones',
      [{ phone: '(664)123-456' }],
      'kardex.phones.0.phone',
      'El campo Teléfono debe tener 10 dígitos',
    ],
    [
      'bankInformation.salary',
      0,
      'kardex.bankInformation.salary',
      'El campo Sueldo debe ser mayor o igual a 1',
    ],
    [
      'bankInformation.bankAccount',
      '1'.repeat(19),
      'kardex.bankInformation.bankAccount',
      'El campo Cuenta bancaria admite máximo 18 caracteres',
    ],
    ['personalData.curp', 'GOTV960412XBCMRL09', 'kardex.personalData.curp', 'CURP Inválido'],
    ['personalData.rfc', 'GOTV9604121', 'kardex.personalData.rfc', 'RFC Inválido'],
    ['personalData.nss', '1234567890', 'kardex.personalData.nss', 'Longitud inválida'],
    [
      'personalData.nss',
      '1234567890A',
      'kardex.personalData.nss',
      'El campo NSS solo admite dígitos',
    ],
    [
      'personalData.ocr',
      '12345678901',
      'kardex.personalData.ocr',
      'El campo OCR requiere mínimo 12 caracteres',
    ],
    [
      'personalData.ocr',
      '12345678901234',
      'kardex.personalData.ocr',
      'El campo OCR admite máximo 13 caracteres',
    ],
    [
      'personalData.professionalLicense',
      '123456',
      'kardex.personalData.professionalLicense',
      'El campo Cédula profesional requiere mínimo 7 caracteres',
    ],
    [
      'personalData.nationality',
      'x'.repeat(51),
      'kardex.personalData.nationality',
      'El campo Nacionalidad admite máximo 50 caracteres',
    ],
    [
      'personalData.email',
      'correo',
      'kardex.personalData.email',
      'El campo Correo personal debe ser un correo electrónico válido',
    ],
    [
      'personalData.bloodType',
      'C+',
      'kardex.personalData.bloodType',
      'El campo Tipo de sangre tiene un valor no permitido',
    ],
    [
      'personalData.gender',
      undefined,
      'kardex.personalData.gender',
      'El campo Género es obligatorio',
    ],
    [
      'address.addressINE',
      'x'.repeat(256),
      'kardex.address.addressINE',
      'El campo Domicilio INE admite máximo 255 caracteres',
    ],
    ['address.city', undefined, 'kardex.address.city', 'El campo Ciudad es obligatorio'],
    // A part left out is required by its name, in Spanish (zod answered in English).
    ['address', undefined, 'kardex.address', 'El campo Domicilio es obligatorio'],
    [
      'bankInformation',
      undefined,
      'kardex.bankInformation',
      'El campo Información bancaria es obligatorio',
    ],
    ['personalData', undefined, 'kardex.personalData', 'El campo Datos personales es obligatorio'],
    // A missing number or switch is required, not 'debe ser un número' (spec 000 §5).
    [
      'bankInformation.salary',
      undefined,
      'kardex.bankInformation.salary',
      'El campo Sueldo es obligatorio',
    ],
    [
      'personalData.childrens',
      null,
      'kardex.personalData.childrens',
      'El campo Hijos es obligatorio',
    ],
    [
      'personalData.infonavit',
      undefined,
      'kardex.personalData.infonavit',
      'El campo Infonavit es obligatorio',
    ],
    [
      'personalData.childrens',
      'dos',
      'kardex.personalData.childrens',
      'El campo Hijos debe ser un número',
    ],
    [
      'contacts',
      [{ name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 0 }],
      'kardex.contacts',
      'Debe haber exactamente un contacto principal',
    ],
    [
      'contacts',
      [
        { name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 1 },
        { name: 'Eva', relationships: 'Tía', phone: '6641112234', main: 1 },
      ],
      'kardex.contacts',
      'Debe haber exactamente un contacto principal',
    ],
    [
      'contacts',
      [
        { name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 1 },
        { name: 'Eva', relationships: 'Tía', phone: '6641112234', main: 0 },
        { name: 'Sol', relationships: 'Tía', phone: '6641112235', main: 0 },
      ],
      'kardex.contacts',
      'Solo se permite un contacto secundario',
    ],
    [
      'contacts',
      [{ name: 'x'.repeat(101), relationships: 'Tía', phone: '6641112233', main: 1 }],
      'kardex.contacts.0.name',
      'El campo Nombre del contacto admite máximo 100 caracteres',
    ],
    [
      'jobReferences',
      [],
      'kardex.jobReferences',
      'Debe haber exactamente una referencia laboral principal',
    ],
    [
      'jobReferences',
      [
        { company: 'A', position: 'B', boss: 'C', phone: '6641112233', main: 1 },
        { company: 'D', position: 'E', boss: 'F', phone: '6641112234', main: 0 },
        { company: 'G', position: 'H', boss: 'I', phone: '6641112235', main: 0 },
      ],
      'kardex.jobReferences',
      'Solo se permite una referencia laboral secundaria',
    ],
    [
      'jobReferences',
      [{ company: 'x'.repeat(81), position: 'B', boss: 'C', phone: '6641112233', main: 1 }],
      'kardex.jobReferences.0.company',
      'El campo Empresa admite máximo 80 caracteres',
    ],
    [
      'signatures',
      [{ number: 2, date: '2024-03-01' }],
      'kardex.signatures',
      'La firma del contrato 1 es obligatoria',
    ],
    [
      'signatures',
      [
        { number: 1, date: '2024-03-01' },
        { number: 1, date: '2024-09-01' },
      ],
      'kardex.signatures.1.number',
      'El número de contrato está repetido',
    ],
    [
      'signatures',
      [
        { number: 1, date: '2024-03-01' },
        { number: 5, date: '2024-09-01' },
      ],
      'kardex.signatures.1.number',
      'El campo Número de contrato debe ser menor o igual a 4',
    ],
    ['extra', 'x', 'kardex.extra', 'Campo no permitido'],
  ];
  it.each(kardexCases)('kardex.%s %j', async (path, value, field, message) => {
    const answer = await create(withKardex(path, value));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(0);
    expect(answer.body.details).toContainEqual({ field, message });
  });

  it('ISR is required only when the job position starts with Médico', async () => {
    const medicBody = () =>
      withKardex('jobPositionId', positions['Médico Estético']) as ReturnType<typeof staffBody>;
    const missing = await create(medicBody());
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'kardex.bankInformation.isr', message: 'El campo ISR es obligatorio' },
    ]);
    const withIsr = medicBody();
    (withIsr.kardex.bankInformation as { isr: number }).isr = 10;
    expect((await create(withIsr)).body.data.kardex.bankInformation?.isr).toBe(10);
    // A cosmetologist moved to a medic's position needs the ISR too, sent or already stored.
    const cosmetologist = await created();
    const moved = await update(cosmetologist.id, {
      kardex: { jobPositionId: positions['Médico Dermatólogo'] },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.details?.[0]?.field).toBe('kardex.bankInformation.isr');
    const movedWithIsr = await update(cosmetologist.id, {
      kardex: {
        jobPositionId: positions['Médico Dermatólogo'],
        bankInformation: { salary: 30000, bankAccount: '1234567890', isr: 12.5 },
      },
    });
    expect(movedWithIsr.status).toBe(200);
    expect(movedWithIsr.body.data.kardex.jobPosition.name).toBe('Médico Dermatólogo');
  });

  it('birth and contract dates cannot be in the future (server clock, Tijuana day)', async () => {
    // The test clock is 2026-11-20 09:00 in Tijuana.
    const today = await create(withKardex('admissionDate', '2026-11-20'));
    expect(today.status).toBe(201);
    const birth = await create(withKardex('birthdate', '2026-11-21'));
    expect(birth.status).toBe(400);
    expect(birth.body.details).toEqual([
      {
        field: 'kardex.birthdate',
        message: 'El campo Fecha de nacimiento no puede ser una fecha futura',
      },
    ]);
    // An upcoming hire: the admission date may be ahead (issue 11 item 8).
    const admission = await create(withKardex('admissionDate', '2027-01-01'));
    expect(admission.status).toBe(201);
    expect(admission.body.data.kardex.admissionDate).toBe('2027-01-01');
    const signature = await create(
      withKardex('signatures', [
        { number: 1, date: '2024-03-01' },
        { number: 2, date: '2026-12-01' },
      ]),
    );
    expect(signature.body.details).toEqual([
      {
        field: 'kardex.signatures.1.date',
        message: 'El campo Fecha de firma no puede ser una fecha futura',
      },
    ]);
    const onUpdate = await update(today.body.data.id, { kardex: { birthdate: '2030-01-01' } });
    expect(onUpdate.status).toBe(400);
    expect(onUpdate.body.details?.[0]?.field).toBe('kardex.birthdate');
  });

  it('unknown role, branch and job position are 400 on their fields', async () => {
    const answer = await create({
      ...staffBody({ roleId: 9999 }),
      kardex: { ...staffBody().kardex, branchId: 9999, jobPositionId: 9999 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.map((detail) => detail.field)).toEqual([
      'roleId',
      'kardex.branchId',
      'kardex.jobPositionId',
    ]);
  });
});
