import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Flex, Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { appointmentBody, isEditable, type AppointmentRecord } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { useRecordId } from '../../shared/form/useRecordId';
import { todayInBranch } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { agendaKeys, fetchAppointment, saveAppointment } from './api';
import { AppointmentFields } from './AppointmentFields';
import { SeriesAction } from './SeriesDialog';
import { useAppointmentForm } from './useAppointmentForm';

const valuesOf = (record: AppointmentRecord) => ({
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

const load = { queryKey: agendaKeys.detail, fetch: fetchAppointment };

/**
 * `/dashboard/agenda/crear` and `/dashboard/agenda/{id}` (spec 002 §5): the appointment's form on
 * the shared form block, preloaded from the clicked slot. The end time is computed as the user
 * chooses; the API's refusals (busy slot, lock, hours, order of treatments, cancellations…) show
 * on the form.
 */
export function AppointmentFormPage() {
  const { editing, id, invalid } = useRecordId();
  const [search] = useSearchParams();
  const [form] = Form.useForm();
  const record = useQuery({
    queryKey: agendaKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAppointment(id!, signal),
    enabled: editing && !invalid,
  });
  const model = useAppointmentForm(form, record.data ?? null);
  const { scope } = model;

  // A new appointment starts from the clicked slot (branch, cabin, day and time in the address).
  const initialValues = useMemo(() => {
    const fromQuery = (name: string) => search.get(name) ?? undefined;
    return {
      branchId: Number(fromQuery('branchId')) || scope.branchId || undefined,
      cabainId: Number(fromQuery('cabainId')) || undefined,
      startTime: fromQuery('startTime'),
      date: fromQuery('date') ?? todayInBranch(),
      appointmentOption: 'newTreatments',
      treatmentsIds: [],
      categoriesIds: [],
    };
  }, [search, scope.branchId]);

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={editing ? `Editar cita ${record.data?.appointmentNumber ?? ''}` : 'Agendar cita'}
        description="Sucursal, cabina, paciente, horario y tratamientos. La hora de término se calcula sola."
      />
      <FormPage
        name="appointment"
        form={form}
        title="Cita"
        resource={['agenda', 'appointment']}
        listPath="/dashboard/agenda"
        backLabel="Volver a la agenda"
        schema={appointmentBody}
        load={load}
        toValues={valuesOf}
        initialValues={initialValues}
        toBody={(values) => ({
          ...values,
          branchId: scope.fixed ? scope.branchId : values.branchId,
          packageId: values.appointmentOption === 'packages' ? values.packageId : null,
          promoId: values.appointmentOption === 'promotions' ? values.promoId : null,
          purchasedProductId:
            values.appointmentOption === 'purchasedProducts' ? values.purchasedProductId : null,
          observations: values.observations || null,
          attendedById: values.attendedById ?? null,
        })}
        submit={(body, recordId) => saveAppointment(body, recordId)}
        invalidates={[agendaKeys.all]}
        afterSave={(body) => `/dashboard/agenda?date=${body.date}&branchId=${body.branchId}`}
        refusedTitle={(isEdit) =>
          isEdit ? 'No se guardaron los cambios de la cita' : 'No se agendó la cita'
        }
        submitLabel={editing ? 'Guardar' : 'Agendar'}
        // A new appointment of a purchased treatment may book all its remaining sessions at once.
        extraActions={(context) => (context.editing ? null : <SeriesAction model={model} />)}
        submitDisabled={model.blocked}
        lockedReason={(saved) =>
          isEditable(saved, model.now)
            ? null
            : 'Esta cita ya no se puede modificar: solo una cita agendada cuyo horario no ha terminado.'
        }
      >
        <AppointmentFields model={model} />
      </FormPage>
    </Flex>
  );
}
