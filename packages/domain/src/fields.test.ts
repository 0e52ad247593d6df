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
import { email, money, pin, text } from './fields';

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
