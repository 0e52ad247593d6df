import { describe, expect, it } from 'vitest';
import { changePasswordBody, resetPinBody, signInBody } from './schemas/auth';
import { cabinBody, cabinTypeBody, categoryBody, scheduleDay } from './schemas/organization';
import {
  staffAddress,
  staffBankInformation,
  staffPersonalData,
  staffSignature,
  updateStaffBody,
} from './schemas/staff';
import { date, email, id, money, optionalText, password, phone, pin, text, time } from './fields';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('password rules (spec 000 §5)', () => {
  const change = (password: string, passwordConfirm = password) =>
    changePasswordBody.safeParse({ currentPassword: 'Actual1234', password, passwordConfirm });

  it('accepts at least 8 characters with an uppercase, a lowercase letter and a digit', () => {
    expect(change('Clinica2026').success).toBe(true);
  });

  it.each(['Corta1', 'sinmayus1', 'SINMINUS1', 'SinDigitos'])('rejects %s', (weak) => {
    expect(change(weak).success).toBe(false);
  });

  it("says 'Las contraseñas no coinciden!' when the confirmation differs", () => {
    expect(messages(change('Clinica2026', 'Clinica2027'))).toEqual([
      ['passwordConfirm', 'Las contraseñas no coinciden!'],
    ]);
  });
});

describe('PIN rules', () => {
  it('takes exactly 4 digits, as a number or a string', () => {
    expect(pin().parse(1234)).toBe('1234');
    expect(pin().parse(42)).toBe('0042');
    expect(pin().parse('0007')).toBe('0007');
    expect(pin().safeParse('12345').success).toBe(false);
    expect(pin().safeParse('12a4').success).toBe(false);
  });

  it("says 'Los pines no coinciden!' when the confirmation differs", () => {
    const result = resetPinBody.safeParse({ currentPassword: 'x', newPin: '1234', pin: '1235' });
    expect(messages(result)).toEqual([['pin', 'Los pines no coinciden!']]);
  });
});

describe('field messages are built from the label', () => {
  it('required, maximum and exact length', () => {
    expect(messages(text('Nombre', { max: 5 }).safeParse(''))).toEqual([
      ['', 'El campo Nombre es obligatorio'],
    ]);
    expect(messages(text('Nombre', { max: 5 }).safeParse('Alejandra'))).toEqual([
      ['', 'El campo Nombre admite máximo 5 caracteres'],
    ]);
    expect(messages(text('Código postal', { length: 5 }).safeParse('123'))).toEqual([
      ['', 'Longitud inválida'],
    ]);
    expect(messages(text('Nombre').safeParse(undefined))).toEqual([
      ['', 'El campo Nombre es obligatorio'],
    ]);
  });

  it('e-mails are lower-cased', () => {
    expect(email('Usuario').parse(' Admin@Clinica.MX ')).toBe('admin@clinica.mx');
  });

  it('money has at most two decimals', () => {
    expect(money('Precio').safeParse(10.25).success).toBe(true);
    expect(money('Precio').safeParse(1.1).success).toBe(true);
    expect(money('Precio').safeParse(10.255).success).toBe(false);
  });

  it('sign-in requires branch, an e-mail username and a password', () => {
    expect(messages(signInBody.safeParse({}))).toEqual([
      ['branchId', 'El campo Sucursal es obligatorio'],
      ['username', 'El campo Usuario es obligatorio'],
      ['password', 'El campo Contraseña es obligatorio'],
    ]);
  });
});

/** The message of the issue at `path` (joined with dots). */
const messageAt = (result: Parameters<typeof messages>[0], path: string) =>
  messages(result).find(([at]) => at === path)?.[1];

describe("a field left empty says 'El campo X es obligatorio' (spec 000 §5), a wrong one does not", () => {
  it.each([undefined, null, ''])('money: %j is missing', (empty) => {
    expect(messages(money('Sueldo', 1).safeParse(empty))).toEqual([
      ['', 'El campo Sueldo es obligatorio'],
    ]);
  });

  it('money: text is not a number', () => {
    expect(messages(money('Sueldo').safeParse('mil'))).toEqual([
      ['', 'El campo Sueldo debe ser un número'],
    ]);
  });

  it('salary, children, Infonavit and a choice, left out of the employee file', () => {
    expect(messageAt(staffBankInformation.safeParse({ bankAccount: '1' }), 'salary')).toBe(
      'El campo Sueldo es obligatorio',
    );
    const personal = staffPersonalData.safeParse({ gender: '', childrens: null });
    expect(messageAt(personal, 'childrens')).toBe('El campo Hijos es obligatorio');
    expect(messageAt(personal, 'infonavit')).toBe('El campo Infonavit es obligatorio');
    expect(messageAt(personal, 'gender')).toBe('El campo Género es obligatorio');
  });

  it('children, Infonavit and a choice with a wrong value', () => {
    const personal = staffPersonalData.safeParse({ gender: 'x', childrens: 'dos', infonavit: 2 });
    expect(messageAt(personal, 'childrens')).toBe('El campo Hijos debe ser un número');
    expect(messageAt(personal, 'infonavit')).toBe('El campo Infonavit tiene un valor no permitido');
    expect(messageAt(personal, 'gender')).toBe('El campo Género tiene un valor no permitido');
  });

  it('the contract number', () => {
    expect(messageAt(staffSignature.safeParse({ date: '2024-01-01' }), 'number')).toBe(
      'El campo Número de contrato es obligatorio',
    );
    expect(
      messageAt(staffSignature.safeParse({ number: 'uno', date: '2024-01-01' }), 'number'),
    ).toBe('El campo Número de contrato debe ser un número');
  });

  it('a part of the employee file left out is required by its name, in Spanish', () => {
    const result = updateStaffBody.safeParse({
      kardex: { address: null, bankInformation: 'x' },
    });
    expect(messageAt(result, 'kardex.address')).toBe('El campo Domicilio es obligatorio');
    expect(messageAt(result, 'kardex.bankInformation')).toBe(
      'El campo Información bancaria tiene un valor no permitido',
    );
    expect(messages(staffAddress.safeParse(undefined))).toEqual([
      ['', 'El campo Domicilio es obligatorio'],
    ]);
  });

  it("a category's type: missing is required, another word is not allowed", () => {
    expect(messageAt(categoryBody.safeParse({ name: 'Láser' }), 'type')).toBe(
      'El campo Tipo es obligatorio',
    );
    expect(messageAt(categoryBody.safeParse({ name: 'Láser', type: 'service' }), 'type')).toBe(
      'El campo Tipo tiene un valor no permitido',
    );
  });

  it("a cabin type's order and an enabled day's range", () => {
    const base = { treatmentTypeId: 1, name: 'Facial', color: 'EF9A9A' };
    expect(messageAt(cabinTypeBody.safeParse(base), 'order')).toBe('El campo Orden es obligatorio');
    expect(messageAt(cabinTypeBody.safeParse({ ...base, order: 'uno' }), 'order')).toBe(
      'El campo Orden debe ser un número',
    );
    expect(messages(scheduleDay.safeParse({ day: 1, opening: '', closing: null }))).toEqual([
      ['opening', 'El campo Apertura es obligatorio'],
      ['closing', 'El campo Cierre es obligatorio'],
    ]);
  });
});

describe('a cabin is created active; its status switch exists on edit only (spec 000 §3)', () => {
  const body = { name: 'Facial 1', typeId: 1, branchId: 1 };
  it('refuses status false on create, and stores true', () => {
    expect(messages(cabinBody.safeParse({ ...body, status: false }))).toEqual([
      [
        'status',
        'El estatus solo se puede cambiar al editar; una cabina nueva siempre está activa',
      ],
    ]);
    expect(cabinBody.parse(body).status).toBe(true);
  });
});

describe("a value of the wrong type is not valid; only a missing one is 'obligatorio'", () => {
  const only = (result: Parameters<typeof messages>[0]) => messages(result).map(([, text]) => text);

  it.each([
    ['text', 12, () => text('Nombre'), 'El campo Nombre no es válido'],
    ['optional text', 12, () => optionalText('Notas'), 'El campo Notas no es válido'],
    ['e-mail', 12, () => email('Usuario'), 'El campo Usuario no es válido'],
    ['id', 'abc', () => id('Sucursal'), 'El campo Sucursal no es válido'],
    ['id', true, () => id('Sucursal'), 'El campo Sucursal no es válido'],
    ['id', [3], () => id('Sucursal'), 'El campo Sucursal no es válido'],
    ['password', 12345678, () => password('Contraseña'), 'El campo Contraseña no es válido'],
    [
      'date',
      20240101,
      () => date('Fecha'),
      'El campo Fecha debe ser una fecha válida (AAAA-MM-DD)',
    ],
    ['time', 1200, () => time('Hora'), 'El campo Hora debe ser una hora válida (HH:mm)'],
    ['PIN', { a: 1 }, () => pin('PIN'), 'El campo PIN no es válido'],
    ['phone', { a: 1 }, () => phone('Teléfono'), 'El campo Teléfono no es válido'],
  ])('%s: %j', (_, value, schema, message) => {
    expect(only(schema().safeParse(value))).toEqual([message]);
  });

  it.each([
    ['text', () => text('Nombre')],
    ['optional text', () => optionalText('Notas')],
    ['e-mail', () => email('Usuario')],
    ['id', () => id('Sucursal')],
    ['password', () => password('Contraseña')],
    ['date', () => date('Fecha')],
    ['time', () => time('Hora')],
    ['PIN', () => pin('PIN')],
    ['phone', () => phone('Teléfono')],
  ])('%s: a missing value is required', (_, schema) => {
    for (const missing of [undefined, null, '']) {
      const result = schema().safeParse(missing);
      if (result.success) continue; // optional text takes them as "not given"
      expect(only(result)[0]).toMatch(/ es obligatorio$/);
    }
  });

  it('ids come as numbers or digit strings, within an integer column', () => {
    expect(id('Sucursal').parse('7')).toBe(7);
    expect(id('Sucursal').parse(2_147_483_647)).toBe(2_147_483_647);
    expect(only(id('Sucursal').safeParse(2_147_483_648))).toEqual([
      'El campo Sucursal no es válido',
    ]);
    expect(only(id('Sucursal').safeParse('99999999999999999999'))).toEqual([
      'El campo Sucursal no es válido',
    ]);
  });
});

describe('values a column cannot hold are refused by the schema', () => {
  it('text refuses control characters, keeping line breaks and tabs', () => {
    expect(messages(text('Nombre').safeParse('a\u0000b'))).toEqual([
      ['', 'El campo Nombre contiene caracteres no permitidos'],
    ]);
    expect(optionalText('Notas').safeParse('x\u0007').success).toBe(false);
    expect(text('Descripción').parse('línea 1\nlínea 2\tfin')).toBe('línea 1\nlínea 2\tfin');
  });

  it('money stays within numeric(12, 2)', () => {
    expect(money('Precio').safeParse(9_999_999_999.99).success).toBe(true);
    expect(messages(money('Precio').safeParse(1e15))).toEqual([
      ['', 'El campo Precio debe ser menor o igual a 9999999999.99'],
    ]);
  });

  it('dates are real calendar days a database stores, and never throw', () => {
    expect(date('Fecha').safeParse('2024-02-29').success).toBe(true);
    for (const wrong of ['2023-02-30', '0000-01-01', 'a\u0000b', '2024-13-01'])
      expect(date('Fecha').safeParse(wrong).success, wrong).toBe(false);
  });
});
