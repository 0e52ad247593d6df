import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useRecordId } from './useRecordId';

/** The hook as a form page reads it, at `/categorias/{id}` (or at a screen without `:id`). */
function recordAt(address: string, pattern = '/categorias/:id') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path={pattern} element={children} />
      </Routes>
    </MemoryRouter>
  );
  return renderHook(() => useRecordId(), { wrapper }).result.current;
}

describe('the record a form page at /crear and /{id} is about', () => {
  it('creates at /crear and at a screen without an id (e.g. /vincular)', () => {
    expect(recordAt('/categorias/crear')).toEqual({ editing: false, id: null, invalid: false });
    expect(recordAt('/aparatos/vincular', '/aparatos/vincular')).toEqual({
      editing: false,
      id: null,
      invalid: false,
    });
  });

  it('edits the record whose number is in the address', () => {
    expect(recordAt('/categorias/12')).toEqual({ editing: true, id: 12, invalid: false });
  });

  it('marks an address that cannot name a record as invalid', () => {
    for (const segment of ['abc', '0', '-3', '1.5']) {
      const record = recordAt(`/categorias/${segment}`);
      expect(record.editing).toBe(true);
      expect(record.invalid).toBe(true);
    }
  });
});
