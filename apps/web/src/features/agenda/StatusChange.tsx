import { useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { isOwnDay, statusChoices, type AppointmentRecord } from '@clinica/domain';
import { notifyError, notifySuccess } from '../../shared/notify';
import { agendaKeys, markAbsence } from './api';
import { FinishDialog } from './FinishDialog';

/**
 * The two status changes that go through PATCH /appointment/{id}/finish (spec 002 §4): a missed
 * appointment ('Inasistencia', from scheduled, after a confirmation) and the finish (from
 * inProcess of a purchased product, through its dialog). Both only on the appointment's own day.
 */

export const canMarkAbsence = (a: AppointmentRecord, today: string) =>
  isOwnDay(a, today) && statusChoices(a.status, a.purchasedProduct !== null).includes('absence');

export const canFinish = (a: AppointmentRecord, today: string) =>
  isOwnDay(a, today) && statusChoices(a.status, a.purchasedProduct !== null).includes('finished');

export function useFinishActions(): {
  confirmAbsence: (a: AppointmentRecord, done?: () => void) => void;
  startFinish: (a: AppointmentRecord) => void;
  elements: ReactNode;
} {
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [finishing, setFinishing] = useState<AppointmentRecord | null>(null);

  function confirmAbsence(a: AppointmentRecord, done?: () => void) {
    void modal.confirm({
      title: `¿Registrar la inasistencia de la cita ${a.appointmentNumber}?`,
      content: 'La cita queda como Inasistencia y cuenta en las faltas del paciente.',
      okText: 'Registrar inasistencia',
      okButtonProps: { danger: true },
      cancelText: 'Volver',
      onOk: async () => {
        try {
          const answer = await markAbsence(a.id);
          notifySuccess(answer.status, answer.code);
          await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
          done?.();
        } catch (error) {
          notifyError(error);
        }
      },
    });
  }

  return {
    confirmAbsence,
    startFinish: setFinishing,
    elements: (
      <>
        {holder}
        <FinishDialog appointment={finishing} onClose={() => setFinishing(null)} />
      </>
    ),
  };
}
