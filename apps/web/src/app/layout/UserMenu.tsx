import { useEffect, useState, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { KeyOutlined, LockOutlined, LogoutOutlined } from '@ant-design/icons';
import { focusMenuOf, preventKeyThrough } from '../../shared/focusMenu';
import { signOut } from '../../shared/session/hooks';
import type { AccountModal } from './AccountModalsHost';

const items: MenuProps['items'] = [
  { key: 'password', icon: <LockOutlined />, label: 'Cambiar Contraseña' },
  { key: 'pin', icon: <KeyOutlined />, label: 'Cambiar Pin' },
  { type: 'divider' },
  { key: 'signout', icon: <LogoutOutlined />, label: 'Cerrar Sesión', danger: true },
];

/** The header's user menu around its button (`children`); loaded after the first paint. */
export function UserMenu({
  children,
  onOpenModal,
  defaultOpen = false,
}: {
  children: ReactNode;
  onOpenModal: (modal: AccountModal) => void;
  /** Open on arrival: its button was clicked before this code arrived. */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (defaultOpen) focusMenuOf('user-menu');
  }, [defaultOpen]);
  return (
    <Dropdown
      trigger={['click']}
      rootClassName="user-menu"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) focusMenuOf('user-menu');
      }}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          preventKeyThrough(domEvent);
          setOpen(false);
          if (key === 'signout') void signOut();
          else onOpenModal(key as AccountModal);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
