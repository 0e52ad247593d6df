import { Button, Modal, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/**
 * What the agenda shows only when something goes wrong or while an appointment opens: loaded on
 * that first use, not with the day (antd's Result and Modal).
 */
export function RetryResult({
  title,
  subTitle,
  onRetry,
}: {
  title: string;
  subTitle?: string;
  onRetry: () => void;
}) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={subTitle}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          Reintentar
        </Button>
      }
    />
  );
}

/** The appointment's dialog while its record loads, or says it could not. */
export function AppointmentLoading({
  title,
  failed,
  onRetry,
  onCancel,
}: {
  title: string;
  failed: boolean;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open title={title} onCancel={onCancel} footer={null} width={560}>
      {failed ? (
        <RetryResult title="No se pudo cargar la cita" onRetry={onRetry} />
      ) : (
        <div role="status" aria-label="Cargando la cita">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
    </Modal>
  );
}
