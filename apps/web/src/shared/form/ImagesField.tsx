import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES } from '@clinica/domain';
import { API_BASE } from '../api/client';
import './images.css';

/**
 * Photos chosen in a form and uploaded once the record is saved (CONTRACT §2): stored photos are
 * shown from the API, new ones from the chosen file. Removing a stored photo only marks it; the
 * form sends the removal with the save.
 */

export type StoredPhoto = { id: number; name: string };
export type NewPhoto = { key: string; file: File };
export type PhotoItem = StoredPhoto | NewPhoto;

export const isNewPhoto = (item: PhotoItem): item is NewPhoto => 'file' in item;

export const IMAGE_TOO_LARGE = 'La imagen debe pesar menos de 1 MB';
export const IMAGE_KIND = 'Solo se admiten imágenes PNG, JPG, JPEG, WEBP o GIF';

/** What is wrong with a chosen file, or null (spec 001 §5: under 1 MB, png/jpg/jpeg/webp/gif). */
export function imageProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return IMAGE_KIND;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** A catalogue photo's thumbnail (spec 001 §7: /v1/photo/thumbnail/{name}). */
export function thumbnailUrl(name: string): string {
  return `${API_BASE}/photo/thumbnail/${encodeURIComponent(name)}`;
}

function Preview({
  item,
  alt,
  thumbnail = thumbnailUrl,
}: {
  item: PhotoItem;
  alt: string;
  thumbnail?: (name: string) => string;
}) {
  const url = useMemo(() => (isNewPhoto(item) ? URL.createObjectURL(item.file) : null), [item]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return <img src={url ?? thumbnail((item as StoredPhoto).name)} alt={alt} />;
}

interface ImagesFieldProps {
  id?: string;
  value?: PhotoItem[];
  onChange?: (items: PhotoItem[]) => void;
  /** At most this many photos (3 for a product, 1 for a treatment). */
  max: number;
  /** Names the photos for screen readers: 'Foto del producto'. */
  label: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  /** Where a stored photo's thumbnail is served (the catalogue's, unless told). */
  thumbnail?: (name: string) => string;
}

let counter = 0;

export function ImagesField({
  id,
  value = [],
  onChange,
  max,
  label,
  disabled,
  thumbnail,
  ...rest
}: ImagesFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const room = max - value.length;
  // Files refused at the door (too large, not an image): named here, never added to the gallery.
  const [refused, setRefused] = useState<string[]>([]);

  function add(files: FileList | null) {
    const all = Array.from(files ?? []);
    setRefused(
      all.flatMap((file) => {
        const problem = imageProblem(file);
        return problem ? [`${file.name}: ${problem}`] : [];
      }),
    );
    const chosen = all
      .filter((file) => imageProblem(file) === null)
      .map((file) => ({ key: `nueva-${(counter += 1)}`, file }));
    // With one photo allowed, a new choice replaces the current one.
    const next = max === 1 ? chosen.slice(0, 1) : [...value, ...chosen].slice(0, max);
    if (chosen.length > 0) onChange?.(next);
  }

  return (
    <Flex wrap gap={12} className="images-field">
      {value.map((item, index) => {
        const problem = isNewPhoto(item) ? imageProblem(item.file) : null;
        const name = `${label} ${index + 1}`;
        return (
          <figure
            key={isNewPhoto(item) ? item.key : item.id}
            className={`images-field__tile${problem ? ' images-field__tile--invalid' : ''}`}
          >
            <Preview item={item} alt={name} thumbnail={thumbnail} />
            <Button
              className="images-field__remove"
              size="small"
              shape="circle"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Quitar ${name.toLowerCase()}`}
              disabled={disabled}
              onClick={() => onChange?.(value.filter((candidate) => candidate !== item))}
            />
            {isNewPhoto(item) && (
              <figcaption title={item.file.name}>
                {problem ?? `${(item.file.size / 1024).toFixed(0)} KB · nueva`}
              </figcaption>
            )}
          </figure>
        );
      })}
      {room > 0 || max === 1 ? (
        <button
          type="button"
          className="images-field__add"
          disabled={disabled}
          aria-invalid={rest['aria-invalid']}
          onClick={() => input.current?.click()}
        >
          {value.length === 0 ? <PictureOutlined /> : <CameraOutlined />}
          <span>{max === 1 && value.length > 0 ? 'Cambiar foto' : 'Agregar foto'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            {max === 1 ? 'Menos de 1 MB' : `${value.length} de ${max} · menos de 1 MB`}
          </Typography.Text>
        </button>
      ) : null}
      {refused.length > 0 && (
        <ul className="images-field__refused" role="alert">
          {refused.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        multiple={max > 1}
        aria-label={label}
        tabIndex={-1}
        accept={IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        disabled={disabled}
        className="visually-hidden"
        onChange={(event) => {
          add(event.target.files);
          event.target.value = '';
        }}
      />
    </Flex>
  );
}
