import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Spin,
} from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_METHODS,
  APPOINTMENT_OPTIONS,
  APPOINTMENT_OPTION_LABELS,
  APPOINTMENT_TYPES,
  MISSED_APPOINTMENTS_WARNING,
  CANCELLATION_LIMIT,
  appointmentBody,
  appointmentEnd,
  appointmentMinutes,
  cancellationLimitFor,
  cancellationsBlockBooking,
  isEditable,
  minutesOfDay,
  roleKeyByName,
  slotsBetween,
  type AppointmentOption,
  type AppointmentRecord,
  type AppointmentType,
  type PurchasedProductRecord,
} from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { applyServerDetails } from '../../shared/form/zodRules';
import { todayInBranch } from '../../shared/format';
import {
  useBranchOptions,
  useBranchScope,
  useCategoryOptions,
  useTreatmentOptions,
} from '../../shared/lookups';
import { notifySuccess } from '../../shared/notify';
import { DateInput, LimitedTextArea } from '../../shared/form/inputs';
import { PageHeader } from '../../shared/PageHeader';
import { useSession } from '../../shared/session/hooks';
import {
  agendaKeys,
  fetchAppointment,
  fetchAttendants,
  fetchCustomerWithProducts,
  fetchDay,
  fetchOffers,
  saveAppointment,
  searchCustomers,
} from './api';
import { customerName } from './grid';

type Values = Record<string, unknown> & {
  branchId?: number;
  cabainId?: number;
  customerId?: number;
  date?: string;
  startTime?: string;
  appointmentOption?: AppointmentOption;
  treatmentsIds?: number[];
  packageId?: number | null;
  promoId?: number | null;
};

/** Who attends each type of appointment (spec 002 §3: attendedBy is a doctor or cosmetologist). */
const ATTENDANT_TEXT: Record<AppointmentType, string> = {
  Médico: 'Los médicos',
  Cosmetóloga: 'Las cosmetólogas',
  Valoración: 'Los médicos y las cosmetólogas',
};

const required = (label: string) => ({
  required: true,
  message: `El campo ${label} es obligatorio`,
});

const valuesOf = (record: AppointmentRecord): Values => ({
  branchId: record.branch.id,
  cabainId: record.cabain.id,
  appointmentType: record.appointmentType,
  customerId: record.customer.id,
  date: record.date,
  startTime: record.startTime.slice(0, 5),
  appointmentMethod: record.appointmentMethod,
  appointmentOption: record.appointmentOption,
  packageId: record.package?.id ?? null,
  promoId: record.promotion?.id ?? null,
  purchasedProductId: record.purchasedProduct?.id ?? null,
  treatmentsIds: record.treatments.map((treatment) => treatment.id),
  categoriesIds: record.categories.map((category) => category.id),
  attendedById: record.attendedBy?.id ?? null,
  observations: record.observations ?? '',
});

/**
 * `/dashboard/agenda/crear` and `/dashboard/agenda/{id}` (spec 002 §5): the appointment's form,
 * preloaded from the clicked slot. The end time is computed as the user chooses; the API's
 * refusals (busy slot, lock, hours, order of treatments, cancellations…) show on the form.
 */
export function AppointmentFormPage() {
  const params = useParams<{ id?: string }>();
  const [search] = useSearchParams();
  const editing = params.id !== undefined && params.id !== 'crear';
  const id = editing ? Number(params.id) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const scope = useBranchScope();
  const [form] = Form.useForm<Values>();
  const [modal, modalHolder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [customerSearch, setCustomerSearch] = useState('');
  const warned = useRef<number | null>(null);

  const record = useQuery({
    queryKey: agendaKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAppointment(id!, signal),
    enabled: id !== null && Number.isInteger(id),
  });

  // A role fixed to its branch has no branch field: its own branch is the appointment's.
  const watchedBranch = Form.useWatch('branchId', form) as number | undefined;
  const branchId = scope.fixed ? scope.branchId : (watchedBranch ?? null);
  const date = (Form.useWatch('date', form) as string | undefined) ?? todayInBranch();
  const customerId = Form.useWatch('customerId', form) as number | undefined;
  const option = Form.useWatch('appointmentOption', form) as AppointmentOption | undefined;
  const treatmentsIds = (Form.useWatch('treatmentsIds', form) as number[] | undefined) ?? [];
  const packageId = Form.useWatch('packageId', form) as number | undefined;
  const promoId = Form.useWatch('promoId', form) as number | undefined;
  const startTime = Form.useWatch('startTime', form) as string | undefined;
  const purchasedProductId = Form.useWatch('purchasedProductId', form) as number | undefined;

  const branches = useBranchOptions(!scope.fixed);
  const day = useQuery({
    queryKey: agendaKeys.day(branchId, date),
    queryFn: ({ signal }) => fetchDay(branchId, date, signal),
    enabled: branchId !== null,
  });
  const treatments = useTreatmentOptions();
  const categories = useCategoryOptions('treatment');
  const appointmentType =
    (Form.useWatch('appointmentType', form) as AppointmentType | undefined) ?? null;
  // 'Atiende': the branch's medics, cosmetologists or both, by the appointment's type.
  const attendants = useQuery({
    queryKey: agendaKeys.attendants(branchId, appointmentType),
    queryFn: ({ signal }) => fetchAttendants(branchId, appointmentType!, signal),
    enabled: branchId !== null && appointmentType !== null,
  });
  const packages = useQuery({
    queryKey: agendaKeys.offers('Package', branchId),
    queryFn: ({ signal }) => fetchOffers('Package', branchId ?? undefined, signal),
    enabled: option === 'packages' && branchId !== null,
  });
  const promotions = useQuery({
    queryKey: agendaKeys.offers('Promotion', branchId),
    queryFn: ({ signal }) => fetchOffers('Promotion', branchId ?? undefined, signal),
    enabled: option === 'promotions' && branchId !== null,
  });
  const customers = useQuery({
    queryKey: agendaKeys.customers(customerSearch),
    queryFn: ({ signal }) => searchCustomers(customerSearch, signal),
  });
  const customer = useQuery({
    queryKey: agendaKeys.customer(customerId ?? 0),
    queryFn: ({ signal }) => fetchCustomerWithProducts(customerId!, signal),
    enabled: Boolean(customerId),
  });

  // The form's first values: the record, or the clicked slot.
  useEffect(() => {
    if (editing) {
      if (record.data) form.setFieldsValue(valuesOf(record.data));
      return;
    }
    const fromQuery = (name: string) => search.get(name) ?? undefined;
    form.setFieldsValue({
      branchId: Number(fromQuery('branchId')) || scope.branchId || undefined,
      cabainId: Number(fromQuery('cabainId')) || undefined,
      startTime: fromQuery('startTime'),
      date: fromQuery('date') ?? todayInBranch(),
      appointmentOption: 'newTreatments',
      treatmentsIds: [],
      categoriesIds: [],
    });
  }, [editing, record.data, form, search, scope.branchId]);

  // 2 or more missed appointments: a modal, once per chosen patient (spec 002 §4).
  const detail = customer.data;
  useEffect(() => {
    if (!detail || warned.current === detail.id) return;
    warned.current = detail.id;
    if (detail.missedAppointments >= MISSED_APPOINTMENTS_WARNING)
      void modal.warning({
        title: 'Paciente con inasistencias',
        content: `${customerName(detail)} tiene ${detail.missedAppointments} citas sin asistir.`,
        okText: 'Entendido',
      });
  }, [detail, modal]);

  const roleKey = roleKeyByName(session?.user.role ?? '') ?? '';
  const cancellations = detail?.cancellations ?? 0;
  const blocked =
    detail !== undefined &&
    cancellationsBlockBooking(cancellations, roleKey, option ?? 'newTreatments');
  // What can still be booked: products in process with sessions left (and the one already chosen).
  const purchased: PurchasedProductRecord[] = (detail?.purchasedProducts ?? []).filter(
    (item) =>
      (item.status === 'onProcess' && item.currentSession < item.sessions) ||
      item.id === record.data?.purchasedProduct?.id,
  );

  // A booking of a purchased product gives that product's treatment, in that treatment's
  // categories (the server refuses anything else): the form offers only those.
  const held =
    option === 'purchasedProducts'
      ? purchased.find((item) => item.id === purchasedProductId)
      : undefined;
  const heldTreatment = held
    ? treatments.data?.find((item) => item.id === held.treatment.id)
    : undefined;
  const treatmentChoices = held
    ? (treatments.data ?? []).filter((item) => item.id === held.treatment.id)
    : (treatments.data ?? []);
  const heldCategories = new Set(heldTreatment?.categories.map((category) => category.id) ?? []);
  const categoryChoices = held
    ? (categories.data ?? []).filter((item) => heldCategories.has(item.id))
    : (categories.data ?? []);

  // Choosing the purchased product chooses its treatment and keeps only its categories.
  function choosePurchased(chosenId: number) {
    const item = purchased.find((candidate) => candidate.id === chosenId);
    if (!item) return;
    const treatment = treatments.data?.find((candidate) => candidate.id === item.treatment.id);
    const allowed = new Set(treatment?.categories.map((category) => category.id) ?? []);
    const kept = ((form.getFieldValue('categoriesIds') as number[] | undefined) ?? []).filter(
      (category) => allowed.has(category),
    );
    form.setFieldsValue({
      treatmentsIds: [item.treatment.id],
      categoriesIds: kept.length > 0 ? kept : allowed.size === 1 ? [...allowed] : [],
    });
  }

  // The attendant chosen stays only while they may attend this type at this branch.
  useEffect(() => {
    const chosen = form.getFieldValue('attendedById') as number | null | undefined;
    if (!attendants.data || chosen === null || chosen === undefined) return;
    const saved = record.data;
    if (saved?.attendedBy?.id === chosen && saved.appointmentType === appointmentType) return;
    if (!attendants.data.some((item) => item.id === chosen))
      form.setFieldValue('attendedById', null);
  }, [attendants.data, form, record.data, appointmentType]);

  // The end: the package's or promotion's cabin time, else the treatments' durations.
  const endTime = useMemo(() => {
    if (!startTime) return null;
    const offer =
      option === 'packages'
        ? packages.data?.find((item) => item.id === packageId)
        : option === 'promotions'
          ? promotions.data?.find((item) => item.id === promoId)
          : undefined;
    const minutes = appointmentMinutes({
      treatmentMinutes: treatmentsIds.map((chosen) => {
        const treatment = treatments.data?.find((item) => item.id === chosen);
        return treatment ? minutesOfDay(treatment.term) : 0;
      }),
      cabinMinutes: offer ? minutesOfDay(offer.cabainTime) : null,
    });
    return minutes > 0 ? appointmentEnd(startTime, minutes) : null;
  }, [
    startTime,
    option,
    packages.data,
    promotions.data,
    packageId,
    promoId,
    treatmentsIds,
    treatments.data,
  ]);

  const info = day.data?.day;
  const times = info?.hours
    ? slotsBetween(info.hours.opening, info.hours.closing)
    : slotsBetween('06:00', '22:00');
  const now = { date: info?.today ?? todayInBranch(), time: info?.now ?? '00:00' };
  const readOnly = editing && record.data !== undefined && !isEditable(record.data, now);

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setRefusal(null);
    const parsed = appointmentBody.safeParse({
      ...values,
      branchId: scope.fixed ? scope.branchId : values.branchId,
      packageId: values.appointmentOption === 'packages' ? values.packageId : null,
      promoId: values.appointmentOption === 'promotions' ? values.promoId : null,
      purchasedProductId:
        values.appointmentOption === 'purchasedProducts' ? values.purchasedProductId : null,
      observations: values.observations || null,
      attendedById: values.attendedById ?? null,
    });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({
          name: issue.path as (string | number)[],
          errors: [issue.message],
        })),
      );
      return;
    }
    setSaving(true);
    try {
      const answer = await saveAppointment(parsed.data, id);
      notifySuccess(answer.status, answer.code);
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
      navigate(`/dashboard/agenda?date=${parsed.data.date}&branchId=${parsed.data.branchId}`);
    } catch (error) {
      if (isApiError(error)) {
        setRefusal(error.message);
        applyServerDetails(form, error.details);
      } else setRefusal('No se pudo guardar la cita. Inténtalo de nuevo.');
    } finally {
      setSaving(false);
    }
  }

  if (editing && record.isLoading) return <Skeleton active />;
  if (editing && record.isError)
    return <Alert type="error" showIcon message="No se encontró la cita" />;

  return (
    <Flex vertical gap={16}>
      {modalHolder}
      <PageHeader
        title={editing ? `Editar cita ${record.data?.appointmentNumber ?? ''}` : 'Agendar cita'}
        description="Sucursal, cabina, paciente, horario y tratamientos. La hora de término se calcula sola."
      />
      {readOnly && (
        <Alert
          type="info"
          showIcon
          message="Esta cita ya no se puede modificar: solo una cita agendada cuyo horario no ha terminado."
        />
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={editing ? 'No se guardaron los cambios de la cita' : 'No se agendó la cita'}
          description={refusal}
        />
      )}
      {detail && cancellations >= CANCELLATION_LIMIT && (
        <Alert
          type="warning"
          showIcon
          message={`${customerName(detail)} tiene ${cancellations} cancelaciones.`}
          description={
            blocked
              ? `Con ${cancellationLimitFor(roleKey)} o más cancelaciones solo se agendan tratamientos ya pagados: elige la opción Productos adquiridos.`
              : 'Solo se pueden dar tratamientos pagados.'
          }
        />
      )}
      {detail && purchased.length === 0 && (
        <Alert type="warning" showIcon message="El paciente no tiene productos adquiridos." />
      )}
      <Card>
        <Form
          form={form}
          name="appointment"
          layout="vertical"
          disabled={readOnly}
          noValidate
          onFinish={() => void save()}
        >
          <Row gutter={16}>
            {!scope.fixed && (
              <Col xs={24} md={8}>
                <Form.Item name="branchId" label="Sucursal" rules={[required('Sucursal')]}>
                  <Select
                    showSearch
                    optionFilterProp="label"
                    placeholder="Elige la sucursal"
                    loading={branches.isLoading}
                    options={(branches.data ?? [])
                      .filter((branch) => !branch.distributionCenter)
                      .map((branch) => ({ value: branch.id, label: branch.name }))}
                    onChange={() => form.setFieldValue('cabainId', undefined)}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={8}>
              <Form.Item name="cabainId" label="Cabina" rules={[required('Cabina')]}>
                <Select
                  placeholder="Elige la cabina"
                  loading={day.isLoading}
                  options={(info?.cabins ?? []).map((cabin) => ({
                    value: cabin.id,
                    label: `${cabin.name} · ${cabin.type.name}`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="appointmentType"
                label="Tipo de cita"
                rules={[required('Tipo de cita')]}
              >
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
                  onSearch={setCustomerSearch}
                  notFoundContent={customers.isFetching ? <Spin size="small" /> : 'Sin pacientes'}
                  options={[
                    ...(record.data &&
                    !(customers.data ?? []).some((item) => item.id === record.data.customer.id)
                      ? [
                          {
                            value: record.data.customer.id,
                            label: customerName(record.data.customer),
                          },
                        ]
                      : []),
                    ...(customers.data ?? []).map((item) => ({
                      value: item.id,
                      label: `${customerName(item)} · ${item.customerId}`,
                    })),
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="date" label="Fecha" rules={[required('Fecha')]}>
                <DateInput notBefore={now.date} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                name="startTime"
                label="Hora de inicio"
                rules={[required('Hora de inicio')]}
              >
                <Select
                  showSearch
                  placeholder="HH:mm"
                  options={times.map((time) => ({ value: time, label: time }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label="Hora de término">
                <Input readOnly value={endTime ?? '—'} aria-label="Hora de término" />
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
            {option === 'packages' && (
              <OfferField
                name="packageId"
                label="Paquete"
                placeholder="Elige el paquete"
                query={packages}
              />
            )}
            {option === 'promotions' && (
              <OfferField
                name="promoId"
                label="Promoción"
                placeholder="Elige la promoción"
                query={promotions}
              />
            )}
            {option === 'purchasedProducts' && (
              <Col xs={24} md={12}>
                <Form.Item
                  name="purchasedProductId"
                  label="Producto adquirido"
                  rules={[required('Producto adquirido')]}
                >
                  <Select
                    placeholder={
                      customerId ? 'Elige el producto adquirido' : 'Elige primero al paciente'
                    }
                    options={purchased.map((item) => ({
                      value: item.id,
                      label: `${item.treatment.name} · sesión ${item.currentSession} de ${item.sessions}`,
                    }))}
                    onChange={choosePurchased}
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
                  loading={treatments.isLoading}
                  options={treatmentChoices.map((item) => ({
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
                  loading={categories.isLoading}
                  options={categoryChoices.map((item) => ({
                    value: item.id,
                    label: item.name,
                  }))}
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
                    ...(record.data?.attendedBy &&
                    !(attendants.data ?? []).some(
                      (item) => item.id === record.data.attendedBy?.id,
                    ) &&
                    record.data.appointmentType === appointmentType
                      ? [record.data.attendedBy]
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
          <Flex gap={8} justify="flex-end" wrap>
            <Button
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate('/dashboard/agenda')}
              disabled={false}
            >
              Volver
            </Button>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={readOnly || blocked}
            >
              {editing ? 'Guardar' : 'Agendar'}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
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
