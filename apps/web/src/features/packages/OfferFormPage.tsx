import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { OfferType } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import {
  OFFER_SCREENS,
  createOffer,
  fetchOffer,
  offerKeys,
  updateOffer,
  uploadOfferPhoto,
  type Offer,
} from './api';
import { OfferFields } from './OfferFields';
import { offerFormSchema } from './offerForm';
import '../../shared/price-tiles.css';
import './offers.css';

function toValues(offer: Offer) {
  return {
    photo: offer.photo ? [offer.photo] : [],
    type: offer.type,
    sku: offer.sku,
    name: offer.name,
    description: offer.description,
    treatmentTypeId: offer.treatmentTypeId,
    categoryId: offer.categoryId,
    points: offer.points,
    cabainTime: offer.cabainTime,
    branchesIds: offer.branchesIds,
    paymentType: offer.paymentType,
    status: offer.status === 1,
    validBySchedule: offer.validBySchedule === 1,
    startDate: offer.startDate,
    endDate: offer.endDate,
    validByTime: offer.validByTime === 1,
    startTime: offer.startTime,
    endTime: offer.endTime,
    treatmentPackage: offer.treatmentPackage.map((line) => ({
      treatmentId: line.treatmentId,
      areasIds: line.areasIds,
      ...(offer.type === 'Package' ? { sessions: line.sessions } : {}),
      limit: line.limit,
      regularPrice: line.regularPrice,
      promotionPrice: line.promotionPrice,
    })),
  };
}

const asFlag = (value: boolean | undefined): 0 | 1 | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

/** `/crear` and `/{id}` of packages or promotions (spec 002 §2, §5). */
function OfferFormPage({ type }: { type: OfferType }) {
  const { editing } = useRecordId();
  const navigate = useNavigate();
  const words = OFFER_SCREENS[type];
  const schema = useMemo(() => offerFormSchema(editing, type), [editing, type]);

  async function submit(output: z.output<typeof schema>, id: number | null) {
    const { body, extra } = output;
    // The switches travel as 1 or 0; a window switched off sends no dates or hours.
    const { sku, ...fields } = body;
    const payload = {
      ...fields,
      type,
      status: asFlag(body.status),
      validBySchedule: asFlag(body.validBySchedule),
      validByTime: asFlag(body.validByTime),
      startDate: body.validBySchedule ? body.startDate : null,
      endDate: body.validBySchedule ? body.endDate : null,
      startTime: body.validByTime ? body.startTime : null,
      endTime: body.validByTime ? body.endTime : null,
    };
    if (id === null) {
      const answer = await createOffer({ ...payload, sku: sku as string } as Parameters<
        typeof createOffer
      >[0]);
      if (extra.photo) {
        try {
          await uploadOfferPhoto(answer.data.id, extra.photo);
        } catch (error) {
          // The offer exists: its edit form is where the photo is chosen again.
          navigate(`${words.path}/${answer.data.id}`, { replace: true });
          throw error;
        }
      }
      return answer;
    }
    // The SKU is removed from the update (spec 002 §7).
    const answer = await updateOffer(id, payload);
    if (extra.photo) await uploadOfferPhoto(id, extra.photo);
    return answer;
  }

  return (
    <>
      <PageHeader
        title={editing ? `Editar ${words.one.toLowerCase()}` : words.newTitle}
        description="Tratamientos con sus precios, sucursales, métodos de pago, vigencia y horario."
      />
      <FormPage
        title={words.one}
        resource={words.resource}
        listPath={words.path}
        schema={schema}
        load={{ queryKey: offerKeys.detail, fetch: fetchOffer }}
        toValues={toValues}
        initialValues={{
          photo: [],
          type,
          points: 0,
          branchesIds: [],
          paymentType: [],
          validBySchedule: false,
          validByTime: false,
          treatmentPackage: [type === 'Package' ? { limit: 1, sessions: 1 } : { limit: 1 }],
        }}
        submit={submit}
        invalidates={[offerKeys.all]}
      >
        <OfferFields editing={editing} schema={schema} type={type} />
      </FormPage>
    </>
  );
}

export const PackageFormPage = () => <OfferFormPage type="Package" />;
export const PromotionFormPage = () => <OfferFormPage type="Promotion" />;
