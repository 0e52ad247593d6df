import { useState } from 'react';
import { Col, Form, Row, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { APPOINTMENT_METHODS, slotsBetween, waitlistBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { DateInput, LimitedTextArea } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { todayInBranch } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useBranchOptions, useBranchScope, useTreatmentOptions } from '../../shared/lookups';
import { createEntry, searchCustomers, waitlistKeys } from './api';

const rule = (name: string) => [zodRule(waitlistBody, name)];
const TIMES = slotsBetween('06:00', '22:30').map((value) => ({ value, label: value }));

function WaitlistFields() {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const treatments = useTreatmentOptions();
  const [search, setSearch] = useState('');
  const customers = useQuery({
    queryKey: waitlistKeys.customers(search),
    queryFn: ({ signal }) => searchCustomers(search, signal),
    enabled: search.trim().length >= 2,
  });
  const today = todayInBranch();
  const branchOptions = scope.fixed
    ? [{ value: scope.branchId ?? 0, label: scope.branchName }]
    : (branches.data ?? [])
        .filter((branch) => !branch.distributionCenter)
        .map((branch) => ({ value: branch.id, label: branch.name }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Paciente" name="customerId" required rules={rule('customerId')}>
          <Select
            showSearch
            filterOption={false}
            placeholder="Escribe el nombre, celular o número de cliente"
            onSearch={setSearch}
            notFoundContent={customers.isFetching ? <Spin size="small" /> : 'Sin pacientes'}
            options={(customers.data ?? []).map((item) => ({
              value: item.id,
              label: `${[item.name, item.lastName, item.motherLastName].filter(Boolean).join(' ')} · ${item.customerId}`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Sucursal" name="branchId" required rules={rule('branchId')}>
          <Select
            placeholder="Selecciona"
            disabled={scope.fixed}
            loading={branches.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={branchOptions}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Tratamiento" name="treatmentId" required rules={rule('treatmentId')}>
          <Select
            placeholder="Selecciona"
            loading={treatments.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(treatments.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Método de cita"
          name="appointmentMethod"
          rules={rule('appointmentMethod')}
        >
          <Select options={APPOINTMENT_METHODS.map((value) => ({ value, label: value }))} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Desde" name="fromDate" required rules={rule('fromDate')}>
          <DateInput notBefore={today} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Hasta" name="toDate" required rules={rule('toDate')}>
          <DateInput notBefore={today} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Hora desde" name="timeFrom" rules={rule('timeFrom')}>
          <Select allowClear placeholder="Apertura" options={TIMES} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Hora hasta" name="timeTo" rules={rule('timeTo')}>
          <Select allowClear placeholder="Cierre" options={TIMES} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Notas" name="notes" rules={rule('notes')}>
          <LimitedTextArea max={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** `/dashboard/lista-de-espera/crear` (CONTRACT §15): put a customer on the waitlist. */
export function WaitlistFormPage() {
  const scope = useBranchScope();
  const today = todayInBranch();
  return (
    <>
      <PageHeader
        title="Nueva solicitud de lista de espera"
        description="Cuando se libere un horario de este tratamiento en la sucursal, dentro de sus fechas y horas, se le apartará y se le avisará."
      />
      <FormPage
        title="Solicitud"
        resource="waitlist"
        listPath="/dashboard/lista-de-espera"
        schema={waitlistBody}
        initialValues={{
          branchId: scope.fixed ? (scope.branchId ?? undefined) : undefined,
          appointmentMethod: 'Llamada telefónica',
          fromDate: today,
          toDate: today,
        }}
        submit={(body) => createEntry(body)}
        invalidates={[waitlistKeys.all]}
      >
        <WaitlistFields />
      </FormPage>
    </>
  );
}
