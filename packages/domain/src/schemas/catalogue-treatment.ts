import { z } from 'zod';
import { durationMinutes } from '../catalogue-math';
import { TIME_RE, id, labelled, text } from '../fields';
import { msg } from '../messages';
import { listQuery } from './common';
import { amount, flag01, idName, ids, photoRef, whole } from './catalogue-fields';

/** Treatments (spec 001 §3–§5, §9), their areas and consents. */

export const TREATMENT_DURATION_STEP = 30;

/** Duration 'HH:mm' in 30-minute steps, at least 30 minutes. */
const term = labelled(
  z
    .string({ error: () => msg.required('Duración') })
    .regex(TIME_RE, msg.time('Duración'))
    .refine(
      (value) =>
        durationMinutes(value) > 0 && durationMinutes(value) % TREATMENT_DURATION_STEP === 0,
      'El campo Duración va en pasos de 30 minutos',
    ),
  'Duración',
);

const treatmentLine = z.strictObject({
  productId: id('Producto'),
  quantity: whole('Cantidad', 1),
});

const treatmentFields = {
  sku: text('SKU', { min: 4, max: 10 }),
  name: text('Nombre', { max: 80 }),
  description: text('Descripción', { max: 500 }),
  treatmentTypeId: id('Tipo de tratamiento'),
  categoriesIds: ids('Categorías'),
  areasIds: ids('Áreas', { min: 0 }).optional(),
  applianceIds: ids('Aparatos', { min: 0 }).optional(),
  price: amount('Precio'),
  medicalFee: amount('Comisión').nullable().optional(),
  points: whole('Puntos'),
  term,
  assessment: flag01('Valoración').optional(),
  consent: flag01('Consentimiento').optional(),
  consentId: id('Consentimiento').nullable().optional(),
  /** Offered on the public booking page (CONTRACT §15); off unless said. */
  onlineBooking: flag01('Reserva en línea').optional(),
  /** New treatments are always active: a value sent on create is ignored (spec 001 §4). */
  active: flag01('Activo').optional(),
  treatmentProduct: labelled(
    z
      .array(treatmentLine)
      .optional()
      .superRefine((lines, ctx) => {
        const seen = new Set<number>();
        lines?.forEach((line, index) => {
          if (seen.has(line.productId))
            ctx.addIssue({
              code: 'custom',
              path: [index, 'productId'],
              message: 'El producto está repetido',
            });
          seen.add(line.productId);
        });
      }),
    'Productos',
  ),
};

type TreatmentRules = { consent?: boolean; consentId?: number | null };

/** Consent selection is required when consent is on (spec 001 §5). */
function consentRule(body: TreatmentRules, ctx: z.RefinementCtx) {
  if (body.consent && !body.consentId)
    ctx.addIssue({ code: 'custom', path: ['consentId'], message: msg.required('Consentimiento') });
}

export const treatmentBody = z.strictObject(treatmentFields).superRefine(consentRule);
/** PUT /treatment/{id}/update: fields left out keep their values; `sku` is locked and never changes. */
export const treatmentUpdateBody = z
  .strictObject(treatmentFields)
  .partial()
  .superRefine(consentRule);

/**
 * The rules that depend on the treatment type's name (spec 001 §5): the commission (medicalFee)
 * is required for Médico, areas unless Valoración.
 */
export function treatmentTypeProblems(
  typeName: string,
  values: { medicalFee?: number | null; areasIds?: number[] },
): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (typeName === 'Médico' && (values.medicalFee === undefined || values.medicalFee === null)) {
    problems.push({ field: 'medicalFee', message: msg.required('Comisión') });
  }
  if (typeName !== 'Valoración' && (values.areasIds ?? []).length === 0) {
    problems.push({ field: 'areasIds', message: msg.required('Áreas') });
  }
  return problems;
}

export const treatmentQuery = listQuery.extend({
  treatmentTypeId: id('Tipo de tratamiento').optional(),
  categoryId: id('Categoría').optional(),
});

export const treatmentRecord = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  treatmentType: idName,
  categories: z.array(idName),
  areas: z.array(z.object({ id: z.number().int(), name: z.string(), place: z.string() })),
  appliances: z.array(idName),
  photo: photoRef.nullable(),
  price: z.number(),
  medicalFee: z.number().nullable(),
  points: z.number().int(),
  term: z.string(),
  termLabel: z.string(),
  assessment: z.number().int(),
  consent: z.number().int(),
  consentId: z.number().int().nullable(),
  treatmentConsent: idName.nullable(),
  onlineBooking: z.boolean().describe('Se ofrece en la reserva en línea'),
  active: z.number().int(),
  treatmentProduct: z.array(
    z.object({
      productId: z.number().int(),
      quantity: z.number().int(),
      product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
    }),
  ),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type TreatmentRecord = z.infer<typeof treatmentRecord>;

/** GET /area?treatmentTypeId: the body and face areas of a treatment type. */
export const areaQuery = z.object({ treatmentTypeId: id('Tipo de tratamiento').optional() });
export const areaRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  place: z.string(),
  treatmentType: idName,
});

/** GET /consent: the consent documents a customer signs, with their text. */
export const consentRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  text: z.string(),
});
