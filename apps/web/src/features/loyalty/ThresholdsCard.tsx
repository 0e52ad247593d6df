import { useState } from 'react';
import { Button, Card, Flex, Form, Modal, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney, loyaltyThresholdError, type LoyaltyScale } from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { MoneyInput } from '../../shared/form/inputs';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import { fetchLevels, loyaltyKeys, updateLevel, type LoyaltyLevel } from './api';
import { LevelTag } from './LevelTag';

type Minimums = Record<LoyaltyScale, number | null>;

/**
 * The order that keeps the levels increasing after every single call (each call is checked
 * against the levels as they stand): raised levels from the top down, then lowered ones from the
 * bottom up.
 */
export function savingOrder(levels: LoyaltyLevel[], wanted: Minimums): LoyaltyLevel[] {
  const changed = levels.filter((level) => wanted[level.scale] !== level.minimum);
  const raised = changed
    .filter((level) => wanted[level.scale]! > level.minimum)
    .sort((a, b) => b.position - a.position);
  const lowered = changed
    .filter((level) => wanted[level.scale]! < level.minimum)
    .sort((a, b) => a.position - b.position);
  return [...raised, ...lowered];
}

/**
 * The problems of the wanted minimums, by the domain's rule, on the levels the user changed (a
 * crossing always involves one of them, so an untouched neighbour is not flagged as well).
 */
function problemsOf(levels: LoyaltyLevel[], wanted: Minimums) {
  const next = levels.map((level) => ({ ...level, minimum: wanted[level.scale] ?? NaN }));
  return levels.flatMap((level) => {
    const value = wanted[level.scale];
    if (value === level.minimum) return [];
    if (value === null || !Number.isFinite(value))
      return [{ name: level.scale, errors: [`El mínimo de ${level.label} es obligatorio`] }];
    const error = loyaltyThresholdError(next, level.scale, value);
    return error ? [{ name: level.scale, errors: [error] }] : [];
  });
}

function ThresholdsModal({ levels, onClose }: { levels: LoyaltyLevel[]; onClose: () => void }) {
  const [form] = Form.useForm<Minimums>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  async function save() {
    const wanted = form.getFieldsValue(true) as Minimums;
    const problems = problemsOf(levels, wanted);
    form.setFields(
      levels.map((level) => ({
        name: level.scale,
        errors: problems.find((p) => p.name === level.scale)?.errors ?? [],
      })),
    );
    if (problems.length > 0) return;
    setSaving(true);
    let current: LoyaltyLevel | undefined;
    try {
      for (const level of savingOrder(levels, wanted)) {
        current = level;
        await updateLevel(level.id, wanted[level.scale]!);
      }
      notifySuccessText('Niveles de lealtad actualizados');
      onClose();
    } catch (error) {
      const detail = isApiError(error) ? error.details.find((d) => d.field === 'minimum') : null;
      if (detail && current) form.setFields([{ name: current.scale, errors: [detail.message] }]);
      else notifyError(error);
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('loyalty'),
      });
    }
  }

  return (
    <Modal
      title="Niveles de lealtad"
      open
      okText="Guardar"
      cancelText="Cancelar"
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        La compra mínima pagada de los últimos 365 días, neta de reembolsos, desde la que aplica
        cada nivel. Bronce empieza siempre en $0.00 y cada nivel debe superar al anterior.
      </Typography.Paragraph>
      <Form<Minimums>
        // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
        noValidate
        form={form}
        name="loyalty-levels"
        layout="horizontal"
        labelCol={{ span: 8 }}
        requiredMark={false}
        initialValues={Object.fromEntries(levels.map((level) => [level.scale, level.minimum]))}
        onFinish={() => void save()}
      >
        {levels.map((level) => (
          <Form.Item key={level.scale} name={level.scale} label={`Mínimo de ${level.label}`}>
            <MoneyInput disabled={level.position === levels[0]!.position} />
          </Form.Item>
        ))}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/**
 * The five levels and where each starts, above the list; 'Editar niveles' with
 * `loyalty_system.edit` (CONTRACT §10).
 */
export function ThresholdsCard() {
  const { can } = usePrivileges();
  const [editing, setEditing] = useState(false);
  const levels = useQuery({
    queryKey: loyaltyKeys.levels,
    queryFn: ({ signal }) => fetchLevels(signal),
  });
  return (
    <Card
      size="small"
      style={{ margin: '16px 0' }}
      role="region"
      aria-label="Mínimos de cada nivel"
    >
      {levels.data ? (
        <Flex align="center" justify="space-between" wrap gap={12}>
          <Flex component="ul" wrap gap={16} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {levels.data.map((level) => (
              <li key={level.scale}>
                <LevelTag scale={level.scale} />{' '}
                <Typography.Text>desde {formatMoney(level.minimum)}</Typography.Text>
              </li>
            ))}
          </Flex>
          {can('loyalty_system', 'edit') && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Editar niveles
            </Button>
          )}
        </Flex>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      )}
      {editing && levels.data && (
        <ThresholdsModal levels={levels.data} onClose={() => setEditing(false)} />
      )}
    </Card>
  );
}
