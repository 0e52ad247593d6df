import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { initialsOf, photoUrl } from '../../shared/people';
import { ToneTag } from '../../shared/Tone';

export function StaffStatus({ status }: { status: 'activo' | 'inactivo' }) {
  return <ToneTag tone={status === 'activo' ? 'green' : 'red'}>{status}</ToneTag>;
}

export function StaffAvatar({
  name,
  photo,
  size = 32,
}: {
  name: string;
  photo: string | null | undefined;
  size?: number;
}) {
  return (
    <Avatar
      size={size}
      src={photo ? photoUrl(photo) : undefined}
      icon={photo ? undefined : <UserOutlined />}
      alt=""
      style={photo ? undefined : { background: '#d7efeb', color: '#0b4f4a' }}
    >
      {photo ? undefined : initialsOf(name)}
    </Avatar>
  );
}
