import { useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { consentRoutes } from '@clinica/domain';
import { openFile } from '../api/client';
import { notifyError } from '../notify';

/** The consent document of an appointment, as a PDF in a new tab (spec 002 §7). */
export function openConsent(consentId: number, appointmentId: number) {
  return openFile(consentRoutes.document, {
    params: { consentId, appointmentId },
    fileName: `consentimiento-${appointmentId}.pdf`,
  });
}

/**
 * Opens the consent document (PDF) in a new tab: shared by the agenda's finish and the sale's
 * detail, which shows the consents signed on its purchased products.
 */
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
