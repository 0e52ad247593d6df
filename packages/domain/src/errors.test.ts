import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGE,
  DEFAULT_SUCCESS_MESSAGE,
  NotFound,
  cataloguePairs,
  isCataloguePair,
  messageFor,
} from './errors';

/** Every (status, sub-code) pair the three documents of the specification name (section 8). */
const SPEC_PAIRS: [number, number[]][] = [
  [200, [0, 2, 3]],
  [201, [0, 1]],
  [400, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  [401, [1, 2]],
  [403, [0]],
  [404, Array.from({ length: 36 }, (_, i) => i + 1)],
  [409, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 23, 24, 29, 30, 31, 32, 33, 34, 35]],
  [422, [1, 4, 5, 6, 7]],
  [500, Array.from({ length: 37 }, (_, i) => i + 1)],
];

describe('the error catalogue', () => {
  it.each(SPEC_PAIRS)('names every sub-code of status %i', (status, codes) => {
    for (const code of codes) expect(isCataloguePair(status, code), `${status}/${code}`).toBe(true);
  });

  it('keeps the meanings the specification gives', () => {
    expect(messageFor(401, 1)).toBe('El usuario no pertenece a la sucursal seleccionada');
    expect(messageFor(401, 2)).toBe('Usuario o contraseña incorrectos');
    expect(messageFor(404, NotFound.passwordMismatch)).toBe('La contraseña no coincide');
    expect(messageFor(404, NotFound.categoryInUse)).toBe(
      'No se puede eliminar una categoría ligada a un tratamiento o paquete',
    );
    expect(messageFor(404, NotFound.productInStock)).toBe(
      'No se puede eliminar un producto que una sucursal tiene en stock',
    );
    expect(messageFor(409, 13)).toBe('No se puede eliminar una cabina con citas agendadas');
    expect(messageFor(422, 1)).toBe('Inventario insuficiente');
    expect(messageFor(500, 37)).toBe('Esta meta ya existe para esta sucursal');
  });

  it('numbers the 404s as CONTRACT §6 does', () => {
    expect(NotFound).toMatchObject({
      stock: 1,
      treatment: 2,
      user: 4,
      branch: 6,
      cabin: 7,
      product: 13,
      resetCode: 21,
      saleOrder: 36,
      bookingRequest: 37,
      waitlistEntry: 38,
    });
    expect(new Set(Object.values(NotFound)).size).toBe(38);
  });

  it("falls back to 'Error en el Servidor' and 'Operación exitosa'", () => {
    expect(messageFor(500, 999)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(messageFor(599)).toBe(DEFAULT_ERROR_MESSAGE);
    expect(messageFor(200, 999)).toBe(DEFAULT_SUCCESS_MESSAGE);
    expect(messageFor(204)).toBe(DEFAULT_SUCCESS_MESSAGE);
    expect(messageFor(418)).toBe('La solicitud no es válida');
  });

  it('has Spanish text for every pair it lists', () => {
    for (const pair of cataloguePairs())
      expect(pair.message.length, `${pair.status}/${pair.code}`).toBeGreaterThan(5);
  });
});
