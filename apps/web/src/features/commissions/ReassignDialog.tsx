import { useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fullNameOf } from '../../shared/people';
import { notifyError, notifySuccess } from '../../shared/notify';
import { fetchPayees } from './api';

export interface Reassigning {
  /** What moves, in words ("la comisión de la cita CITA-000042"). */
  subject: string;
  branch: { id: number; name: string };
  currentUserId: number;
  /** Makes the change; answers when the server has. */
  save: (userId: number) => Promise<unknown>;
}

/**
 * The small reassignment form (spec 002 §2, §4): one of the branch's medics (or cosmetologists),
 * sent on 'Reasignar'; on success the lists reload and the dialog closes. The server decides who
 * may be chosen (404 code 5 otherwise) and whether the day is closed (409 code 45).
 */
export function ReassignDialog({
  kind,
  reassigning,
  listKeys,
  onClose,
}: {
  kind: 'medic' | 'cosmetologist';
  reassigning: Reassigning | null;
  /** The query-key roots to reload after the change (and those starting with them). */
  listKeys: string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const branchId = reassigning?.branch.id ?? null;
  const payees = useQuery({
    queryKey: ['commission-payees', kind, branchId],
    queryFn: ({ signal }) => fetchPayees(kind, branchId!, signal),
    enabled: branchId !== null,
  });
  const label = kind === 'medic' ? 'Médico' : 'Cosmetóloga';
  const close = () => {
    setChosen(null);
    onClose();
  };
  const save = async () => {
    if (!reassigning || chosen === null) return;
    setSaving(true);
    try {
      await reassigning.save(chosen);
      // The totals and every person's detail (keys `commission`, `commission-user-7`, …).
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const root = query.queryKey[0];
          return typeof root === 'string' && listKeys.some((key) => root.startsWith(key));
        },
      });
      notifySuccess();
      close();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={reassigning !== null}
      title={kind === 'medic' ? 'Reasignar médico' : 'Reasignar cosmetóloga'}
      okText="Reasignar"
      cancelText="Cancelar"
      okButtonProps={{ loading: saving, disabled: chosen === null }}
      onOk={() => void save()}
      onCancel={close}
      destroyOnHidden
      width={480}
    >
      {reassigning && (
        <Form layout="vertical" onFinish={() => void save()}>
          <p>
            {`Reasignar ${reassigning.subject} a ${kind === 'medic' ? 'otro médico' : 'otra cosmetóloga'} de ${reassigning.branch.name}.`}
          </p>
          <Form.Item label={label} htmlFor="reassign-payee" required>
            <Select
              id="reassign-payee"
              showSearch
              optionFilterProp="label"
              loading={payees.isLoading}
              value={chosen ?? undefined}
              onChange={(value: number) => setChosen(value)}
              placeholder={`Selecciona ${kind === 'medic' ? 'un médico' : 'una cosmetóloga'}`}
              options={(payees.data ?? [])
                .filter((person) => person.id !== reassigning.currentUserId)
                .map((person) => ({ value: person.id, label: fullNameOf(person) }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
