import { Button, Drawer, Modal } from 'antd';
import type { ResourceListProps } from './types';

/** The row opened from its identifying cell or 'Ver detalle', in a modal or a drawer. */
export function RecordDetail<T>({
  list,
  opened,
  onClose,
}: {
  list: ResourceListProps<T>;
  opened: T | null;
  onClose: () => void;
}) {
  const { detail } = list;
  const title = opened ? (detail?.title?.(opened) ?? list.title) : list.title;
  const body = opened && detail ? detail.render(opened) : null;
  if (detail?.kind === 'drawer') {
    return (
      <Drawer title={title} open={opened !== null} size={detail.width ?? 700} onClose={onClose}>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={title}
      open={opened !== null}
      width={detail?.width ?? 720}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Cerrar</Button>}
    >
      {body}
    </Modal>
  );
}
