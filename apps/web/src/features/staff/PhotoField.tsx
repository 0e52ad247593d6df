import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Flex, Typography } from 'antd';
import { CameraOutlined, DeleteOutlined, UserOutlined } from '@ant-design/icons';
import { IMAGE_EXTENSIONS } from '@clinica/domain';
import { photoUrl } from '../../shared/people';

interface PhotoFieldProps {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** The stored photo's name, shown until another is chosen. */
  current?: string | null;
  disabled?: boolean;
  'aria-invalid'?: boolean;
}

/**
 * The staff photo, chosen in the form and uploaded once the record is saved (CONTRACT §2). The
 * file input is the real control, so the keyboard and screen readers reach it as a button.
 */
export function PhotoField({ id, value, onChange, current, disabled, ...rest }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const src = preview ?? (current ? photoUrl(current) : undefined);

  return (
    <Flex align="center" gap={16}>
      <Avatar size={88} src={src} icon={src ? undefined : <UserOutlined />} alt="" />
      <Flex vertical gap={6}>
        <Flex gap={8}>
          <Button
            icon={<CameraOutlined />}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {src ? 'Cambiar foto' : 'Elegir foto'}
          </Button>
          {value && (
            <Button
              icon={<DeleteOutlined />}
              aria-label="Quitar la foto elegida"
              disabled={disabled}
              onClick={() => onChange?.(null)}
            />
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {value ? value.name : 'PNG, JPG, JPEG, WEBP o GIF de menos de 1 MB'}
        </Typography.Text>
        <input
          ref={input}
          id={id}
          type="file"
          aria-invalid={rest['aria-invalid']}
          aria-label="Foto del empleado"
          tabIndex={-1}
          accept={IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
          disabled={disabled}
          className="visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (file) onChange?.(file);
          }}
        />
      </Flex>
    </Flex>
  );
}
