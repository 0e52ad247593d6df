import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MAX_IMAGE_BYTES } from '@clinica/domain';
import { IMAGE_TOO_LARGE, ImagesField, type PhotoItem } from './ImagesField';

function fileOf(name: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

describe('the photos field', () => {
  it('refuses an oversized photo before it enters the gallery, and says why', () => {
    const onChange = vi.fn<(items: PhotoItem[]) => void>();
    render(<ImagesField max={3} label="Foto del producto" value={[]} onChange={onChange} />);
    const input = screen.getByLabelText('Foto del producto') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [fileOf('grande.png', MAX_IMAGE_BYTES + 1), fileOf('chica.png', 2048)] },
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    const added = onChange.mock.calls[0]?.[0] ?? [];
    expect(added.map((item) => ('file' in item ? item.file.name : item.name))).toEqual([
      'chica.png',
    ]);
    expect(screen.getByRole('alert').textContent).toBe(`grande.png: ${IMAGE_TOO_LARGE}`);
  });

  it('adds nothing when every chosen file is refused', () => {
    const onChange = vi.fn();
    render(<ImagesField max={1} label="Foto" value={[]} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Foto'), {
      target: { files: [fileOf('enorme.png', MAX_IMAGE_BYTES * 2)] },
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain(IMAGE_TOO_LARGE);
  });
});
