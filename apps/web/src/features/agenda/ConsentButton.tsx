import { useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { notifyError } from '../../shared/notify';
import { openConsent } from './api';

/** Opens the consent document (PDF) in a new tab. */
export function ConsentButton({
  consentId,
  appointmentId,
  label = 'Ver consentimiento',
}: {
  consentId: number;
  appointmentId: number;
  label?: string;
}) {
  const [opening, setOpening] = useState(false);
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openConsent(consentId, appointmentId)
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      {label}
    </Button>
  );
}
