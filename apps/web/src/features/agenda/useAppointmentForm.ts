import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  MISSED_APPOINTMENTS_WARNING,
  appointmentEnd,
  appointmentMinutes,
  cancellationsBlockBooking,
  minutesOfDay,
  roleKeyByName,
  slotsBetween,
  type AppointmentOption,
  type AppointmentRecord,
  type AppointmentType,
  type PurchasedProductRecord,
} from '@clinica/domain';
import { todayInBranch } from '../../shared/format';
import {
  useBranchOptions,
  useBranchScope,
  useCategoryOptions,
  useTreatmentOptions,
} from '../../shared/lookups';
import { useSession } from '../../shared/session/hooks';
import {
  agendaKeys,
  fetchAttendants,
  fetchCustomerWithProducts,
  fetchDay,
  fetchOffers,
  searchCustomers,
} from './api';
import { customerName } from './grid';

/**
 * What the appointment form reads as the user chooses (spec 002 §5): the branch's day (cabins,
 * hours, its now), the offers, the patient with their purchased products and cancellations, who
 * may attend, and the end time. The page and its fields share it; the form block saves.
 */
export function useAppointmentForm(form: FormInstance, saved: AppointmentRecord | null) {
  const session = useSession();
  const scope = useBranchScope();
  const [modal, modalHolder] = Modal.useModal();
  const [customerSearch, setCustomerSearch] = useState('');
  const warned = useRef<number | null>(null);

  // A role fixed to its branch has no branch field: its own branch is the appointment's.
  const watchedBranch = Form.useWatch('branchId', form) as number | undefined;
  const branchId = scope.fixed ? scope.branchId : (watchedBranch ?? saved?.branch.id ?? null);
  const date =
    (Form.useWatch('date', form) as string | undefined) ?? saved?.date ?? todayInBranch();
  const customerId = Form.useWatch('customerId', form) as number | undefined;
  const option = Form.useWatch('appointmentOption', form) as AppointmentOption | undefined;
  const treatmentsIds = (Form.useWatch('treatmentsIds', form) as number[] | undefined) ?? [];
  const packageId = Form.useWatch('packageId', form) as number | undefined;
  const promoId = Form.useWatch('promoId', form) as number | undefined;
  const startTime = Form.useWatch('startTime', form) as string | undefined;
  const purchasedProductId = Form.useWatch('purchasedProductId', form) as number | undefined;
  const appointmentType =
    (Form.useWatch('appointmentType', form) as AppointmentType | undefined) ?? null;

  const branches = useBranchOptions(!scope.fixed);
  const day = useQuery({
    queryKey: agendaKeys.day(branchId, date),
    queryFn: ({ signal }) => fetchDay(branchId, date, signal),
    enabled: branchId !== null,
  });
  const treatments = useTreatmentOptions();
  const categories = useCategoryOptions('treatment');
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
      item.id === saved?.purchasedProduct?.id,
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
    if (saved?.attendedBy?.id === chosen && saved.appointmentType === appointmentType) return;
    if (!attendants.data.some((item) => item.id === chosen))
      form.setFieldValue('attendedById', null);
  }, [attendants.data, form, saved, appointmentType]);

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

  return {
    form,
    modalHolder,
    scope,
    saved,
    roleKey,
    branches,
    day,
    info,
    times,
    now,
    customerId,
    option,
    appointmentType,
    customers,
    setCustomerSearch,
    detail,
    cancellations,
    blocked,
    purchased,
    held,
    choosePurchased,
    treatments,
    categories,
    treatmentChoices,
    categoryChoices,
    attendants,
    packages,
    promotions,
    endTime,
  };
}

export type AppointmentFormModel = ReturnType<typeof useAppointmentForm>;
