import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormPage } from '../../shared/form/FormPage';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import {
  createTreatment,
  fetchTreatment,
  treatmentKeys,
  updateTreatment,
  uploadTreatmentPhoto,
  type Treatment,
} from './api';
import { TreatmentFields } from './TreatmentFields';
import { treatmentFormSchema } from './treatmentForm';
import { useTreatmentTypes } from '../../shared/lookups';

const LIST = '/dashboard/tratamientos';

function toValues(treatment: Treatment) {
  return {
    photo: treatment.photo ? [treatment.photo] : [],
    sku: treatment.sku,
    name: treatment.name,
    description: treatment.description,
    treatmentTypeId: treatment.treatmentType.id,
    categoriesIds: treatment.categories.map((category) => category.id),
    areasIds: treatment.areas.map((area) => area.id),
    applianceIds: treatment.appliances.map((appliance) => appliance.id),
    price: treatment.price,
    medicalFee: treatment.medicalFee,
    points: treatment.points,
    term: treatment.term,
    assessment: treatment.assessment === 1,
    consent: treatment.consent === 1,
    consentId: treatment.consentId,
    onlineBooking: treatment.onlineBooking,
    active: treatment.active === 1,
    treatmentProduct: treatment.treatmentProduct.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
    })),
  };
}

const asFlag = (value: boolean | undefined): 0 | 1 | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

/** `/dashboard/tratamientos/crear` and `/dashboard/tratamientos/{id}` (spec 001 §4–§5). */
export function TreatmentFormPage() {
  const { editing } = useRecordId();
  const navigate = useNavigate();
  const types = useTreatmentTypes();
  const schema = useMemo(
    () =>
      treatmentFormSchema(
        editing,
        (id) => types.data?.find((type) => type.id === id)?.name ?? null,
      ),
    [editing, types.data],
  );

  async function submit(output: z.output<typeof schema>, id: number | null) {
    const { body, extra } = output;
    // Assessment, consent and active travel as 1 or 0 (spec 001 §4); the consent document only
    // with consent on.
    const { sku, active, ...fields } = body;
    const payload = {
      ...fields,
      consentId: body.consent ? body.consentId : null,
      assessment: asFlag(body.assessment),
      consent: asFlag(body.consent),
    };
    if (id === null) {
      const answer = await createTreatment({ ...payload, sku: sku as string } as Parameters<
        typeof createTreatment
      >[0]);
      if (extra.photo) {
        try {
          await uploadTreatmentPhoto(answer.data.id, extra.photo);
        } catch (error) {
          // The treatment exists: its edit form is where the photo is chosen again.
          navigate(`${LIST}/${answer.data.id}`, { replace: true });
          throw error;
        }
      }
      return answer;
    }
    const answer = await updateTreatment(id, { ...payload, active: asFlag(active) });
    if (extra.photo) await uploadTreatmentPhoto(id, extra.photo);
    return answer;
  }

  return (
    <>
      <PageHeader
        title={editing ? 'Editar tratamiento' : 'Nuevo tratamiento'}
        description="Foto, precio, comisión, duración, áreas, consentimiento y los productos que consume."
      />
      <FormPage
        title="Tratamiento"
        resource="treatments"
        listPath={LIST}
        schema={schema}
        load={{ queryKey: treatmentKeys.detail, fetch: fetchTreatment }}
        toValues={toValues}
        initialValues={{
          photo: [],
          categoriesIds: [],
          areasIds: [],
          applianceIds: [],
          points: 0,
          assessment: false,
          consent: false,
          onlineBooking: false,
          treatmentProduct: [],
        }}
        submit={submit}
        invalidates={[treatmentKeys.all]}
      >
        {(context) => (
          <TreatmentFields
            editing={editing}
            schema={schema}
            ownProducts={context.record?.treatmentProduct.map((line) => line.product) ?? []}
          />
        )}
      </FormPage>
    </>
  );
}
