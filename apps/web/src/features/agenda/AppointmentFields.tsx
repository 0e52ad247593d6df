import { Alert, Col, Form, Input, Radio, Row, Select, Spin } from 'antd';
import {
  APPOINTMENT_METHODS,
  APPOINTMENT_OPTIONS,
  APPOINTMENT_OPTION_LABELS,
  APPOINTMENT_TYPES,
  CANCELLATION_LIMIT,
  cancellationLimitFor,
  type AppointmentType,
  msg,
} from '@clinica/domain';
import { DateInput, LimitedTextArea } from '../../shared/form/inputs';
import { customerName } from './grid';
import type { AppointmentFormModel } from './useAppointmentForm';

/** Who attends each type of appointment (spec 002 §3: attendedBy is a doctor or cosmetologist). */
const ATTENDANT_TEXT: Record<AppointmentType, string> = {
  Médico: 'Los médicos',
  Cosmetóloga: 'Las cosmetólogas',
  Valoración: 'Los médicos y las cosmetólogas',
};

const required = (label: string) => ({ required: true, message: msg.required(label) });

/** The appointment's warnings about the chosen patient, and its fields (spec 002 §5). */
export function AppointmentFields({ model }: { model: AppointmentFormModel }) {
  const { detail, cancellations, saved, attendants, appointmentType } = model;
  return (
    <>
      {model.modalHolder}
      {detail && cancellations >= CANCELLATION_LIMIT && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${customerName(detail)} tiene ${cancellations} cancelaciones.`}
          description={
            model.blocked
              ? `Con ${cancellationLimitFor(model.roleKey)} o más cancelaciones solo se agendan tratamientos ya pagados: elige la opción Productos adquiridos.`
              : 'Solo se pueden dar tratamientos pagados.'
          }
        />
      )}
      {detail && model.purchased.length === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="El paciente no tiene productos adquiridos."
        />
      )}
      <Row gutter={16}>
        {!model.scope.fixed && (
          <Col xs={24} md={8}>
            <Form.Item name="branchId" label="Sucursal" rules={[required('Sucursal')]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="Elige la sucursal"
                loading={model.branches.isLoading}
                options={(model.branches.data ?? [])
                  .filter((branch) => !branch.distributionCenter)
                  .map((branch) => ({ value: branch.id, label: branch.name }))}
                onChange={() => model.form.setFieldValue('cabainId', undefined)}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={8}>
          <Form.Item name="cabainId" label="Cabina" rules={[required('Cabina')]}>
            <Select
              placeholder="Elige la cabina"
              loading={model.day.isLoading}
              options={(model.info?.cabins ?? []).map((cabin) => ({
                value: cabin.id,
                label: `${cabin.name} · ${cabin.type.name}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="appointmentType" label="Tipo de cita" rules={[required('Tipo de cita')]}>
            <Radio.Group
              optionType="button"
              options={APPOINTMENT_TYPES.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="customerId" label="Paciente" rules={[required('Paciente')]}>
            <Select
              showSearch
              filterOption={false}
              placeholder="Escribe el nombre, celular o número de cliente"
              onSearch={model.setCustomerSearch}
              notFoundContent={model.customers.isFetching ? <Spin size="small" /> : 'Sin pacientes'}
              options={[
                ...(saved &&
                !(model.customers.data ?? []).some((item) => item.id === saved.customer.id)
                  ? [{ value: saved.customer.id, label: customerName(saved.customer) }]
                  : []),
                ...(model.customers.data ?? []).map((item) => ({
                  value: item.id,
                  label: `${customerName(item)} · ${item.customerId}`,
                })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="date" label="Fecha" rules={[required('Fecha')]}>
            <DateInput notBefore={model.now.date} />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="startTime" label="Hora de inicio" rules={[required('Hora de inicio')]}>
            <Select
              showSearch
              placeholder="HH:mm"
              options={model.times.map((time) => ({ value: time, label: time }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label="Hora de término">
            <Input readOnly value={model.endTime ?? '—'} aria-label="Hora de término" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="appointmentMethod"
            label="Método de cita"
            rules={[required('Método de cita')]}
          >
            <Select
              placeholder="Elige el método"
              options={APPOINTMENT_METHODS.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="appointmentOption" label="Opciones" rules={[required('Opciones')]}>
            <Radio.Group
              options={APPOINTMENT_OPTIONS.map((value) => ({
                value,
                label: APPOINTMENT_OPTION_LABELS[value],
              }))}
            />
          </Form.Item>
        </Col>
        {model.option === 'packages' && (
          <OfferField
            name="packageId"
            label="Paquete"
            placeholder="Elige el paquete"
            query={model.packages}
          />
        )}
        {model.option === 'promotions' && (
          <OfferField
            name="promoId"
            label="Promoción"
            placeholder="Elige la promoción"
            query={model.promotions}
          />
        )}
        {model.option === 'purchasedProducts' && (
          <Col xs={24} md={12}>
            <Form.Item
              name="purchasedProductId"
              label="Producto adquirido"
              rules={[required('Producto adquirido')]}
            >
              <Select
                placeholder={
                  model.customerId ? 'Elige el producto adquirido' : 'Elige primero al paciente'
                }
                options={model.purchased.map((item) => ({
                  value: item.id,
                  label: `${item.treatment.name} · sesión ${item.currentSession} de ${item.sessions}`,
                }))}
                onChange={model.choosePurchased}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="treatmentsIds" label="Tratamiento" rules={[required('Tratamiento')]}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder="Elige los tratamientos"
              loading={model.treatments.isLoading}
              options={model.treatmentChoices.map((item) => ({
                value: item.id,
                label: `${item.name} (${item.term})`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoriesIds" label="Categoría" rules={[required('Categoría')]}>
            <Select
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder="Elige las categorías"
              loading={model.categories.isLoading}
              options={model.categoryChoices.map((item) => ({ value: item.id, label: item.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="attendedById"
            label="Atiende"
            extra={
              appointmentType
                ? `${ATTENDANT_TEXT[appointmentType]} de la sucursal.`
                : 'Elige primero el tipo de cita.'
            }
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={appointmentType ? 'Elige quién atiende' : 'Elige el tipo de cita'}
              loading={attendants.isLoading && attendants.fetchStatus !== 'idle'}
              notFoundContent="Nadie de ese tipo en la sucursal"
              options={[
                // The saved attendant stays on offer while the type is unchanged.
                ...(saved?.attendedBy &&
                !(attendants.data ?? []).some((item) => item.id === saved.attendedBy?.id) &&
                saved.appointmentType === appointmentType
                  ? [saved.attendedBy]
                  : []),
                ...(attendants.data ?? []),
              ].map((item) => ({ value: item.id, label: item.name }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="observations" label="Observaciones">
            <LimitedTextArea rows={2} max={500} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** The package or promotion a booking uses: one searchable select of the offers on hand. */
function OfferField(props: {
  name: 'packageId' | 'promoId';
  label: string;
  placeholder: string;
  query: { isLoading: boolean; data?: { id: number; name: string }[] };
}) {
  return (
    <Col xs={24} md={12}>
      <Form.Item name={props.name} label={props.label} rules={[required(props.label)]}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={props.placeholder}
          loading={props.query.isLoading}
          options={(props.query.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
        />
      </Form.Item>
    </Col>
  );
}
