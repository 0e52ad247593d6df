import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Result, Spin, Typography } from 'antd';
import type { PublicWaitlistOffer } from '@clinica/domain';
import { WAITLIST_OFFER_STATUS_LABELS } from '@clinica/domain';
import { formatLocalDate } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { Countdown } from './Countdown';
import { answerPublicOffer, fetchPublicOffer } from './api';

/**
 * `/oferta/{token}` (CONTRACT §15, public, no session): the customer's offer from the waitlist,
 * with the time it is still held, to accept or decline. A light page of the dashboard's app until
 * the public entry (/reservar, /cita) takes it.
 */
export function OfferPage() {
  const { token = '' } = useParams();
  // A page outside the dashboard: no query cache here, one fetch and one answer.
  const [data, setData] = useState<PublicWaitlistOffer | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicOffer(token, controller.signal).then(setData, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [token]);
  const answer = (choice: 'accept' | 'decline') => {
    setPending(choice);
    answerPublicOffer(token, choice)
      .then(setData, notifyError)
      .finally(() => setPending(null));
  };
  return (
    <main style={{ maxWidth: 520, margin: '32px auto', padding: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Se liberó un horario para ti
      </Typography.Title>
      {!data && !failed && <Spin aria-label="Cargando la oferta" />}
      {failed && (
        <Result
          status="warning"
          title="No se encontró la oferta"
          subTitle="Revisa el enlace de tu mensaje."
        />
      )}
      {data && (
        <Card>
          <Descriptions column={1} size="small" styles={{ label: { color: '#374151' } }}>
            <Descriptions.Item label="Tratamiento">{data.treatment.name}</Descriptions.Item>
            <Descriptions.Item label="Día">{formatLocalDate(data.date)}</Descriptions.Item>
            <Descriptions.Item label="Hora">{`${data.startTime} a ${data.endTime}`}</Descriptions.Item>
            <Descriptions.Item label="Sucursal">{data.branch.name}</Descriptions.Item>
            <Descriptions.Item label="Dirección">{data.branch.address}</Descriptions.Item>
            {data.branch.phone && (
              <Descriptions.Item label="Teléfono">{data.branch.phone}</Descriptions.Item>
            )}
            <Descriptions.Item label="Estado">
              {WAITLIST_OFFER_STATUS_LABELS[data.status]}
            </Descriptions.Item>
          </Descriptions>
          {data.status === 'open' ? (
            <Flex vertical gap={12} style={{ marginTop: 16 }}>
              <Alert
                type="info"
                showIcon
                message={
                  <span>
                    Lo apartamos para ti por <Countdown until={data.expiresAt} />
                  </span>
                }
              />
              <Flex gap={8} wrap>
                <Button
                  type="primary"
                  loading={pending === 'accept'}
                  onClick={() => answer('accept')}
                >
                  Aceptar
                </Button>
                <Button danger loading={pending === 'decline'} onClick={() => answer('decline')}>
                  Rechazar
                </Button>
              </Flex>
            </Flex>
          ) : (
            <Alert
              style={{ marginTop: 16 }}
              type={data.status === 'accepted' ? 'success' : 'warning'}
              showIcon
              message={
                data.status === 'accepted'
                  ? 'Tu cita quedó agendada. Te enviaremos un recordatorio.'
                  : 'Esta oferta ya no está disponible.'
              }
            />
          )}
        </Card>
      )}
    </main>
  );
}
