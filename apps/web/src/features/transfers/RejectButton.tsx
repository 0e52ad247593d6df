import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Typography } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { flowRejectBody } from '@clinica/domain';
import { FormModal } from '../../shared/form/FormModal';
import { LimitedTextArea } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { folioOf, rejectTransfer, TRANSFERS, transferKeys, type Transfer } from './api';

type Values = z.input<typeof flowRejectBody>;

/**
 * 'Rechazar' (spec 001 §4: in review; CONTRACT §9 also in transit, whose units return to their
 * lots), with an optional reason; back to the list once rejected.
 */
export function RejectButton({ transfer }: { transfer: Transfer }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const folio = folioOf(transfer);
  return (
    <>
      <Button danger icon={<CloseCircleOutlined />} onClick={() => setOpen(true)}>
        Rechazar
      </Button>
      <FormModal<Values, Transfer>
        name="rechazo"
        title={`¿Deseas rechazar la transferencia ${folio}?`}
        open={open}
        okText="Rechazar"
        onClose={() => setOpen(false)}
        submit={async (values) => {
          const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
          const answer = await rejectTransfer(transfer.id, reason ? { reason } : {});
          if (answer.status === 200) {
            await queryClient.invalidateQueries({ queryKey: transferKeys.all });
            await queryClient.invalidateQueries({ queryKey: ['stock'] });
            navigate(TRANSFERS);
          }
          return answer;
        }}
        successText={() => `Transferencia ${folio} rechazada`}
      >
        {() => (
          <>
            <Typography.Paragraph>
              {transfer.status === 'En transito'
                ? 'Lo enviado regresa a los lotes de la sucursal de origen.'
                : 'La transferencia no se enviará.'}
            </Typography.Paragraph>
            <Form.Item
              name="reason"
              label="Motivo (opcional)"
              rules={[zodRule(flowRejectBody, 'reason')]}
            >
              <LimitedTextArea max={500} autoSize={{ minRows: 3, maxRows: 6 }} />
            </Form.Item>
          </>
        )}
      </FormModal>
    </>
  );
}
