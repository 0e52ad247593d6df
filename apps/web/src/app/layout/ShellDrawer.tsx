import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** Below 992 px the menu is a drawer over the page; loaded the first time it opens. */
export function ShellDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      className="shell__drawer"
      aria-label="Menú"
      placement="left"
      size={280}
      open={open}
      onClose={onClose}
      closable={false}
      title={null}
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
