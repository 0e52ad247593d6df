import {
  TREATMENT_DURATION_STEP,
  durationLabel,
  durationTerm,
  msg,
  treatmentBody,
  treatmentTypeProblems,
  treatmentUpdateBody,
} from '@clinica/domain';
import { imageProblem, isNewPhoto, type PhotoItem } from '../../shared/form/ImagesField';
import { withFormChecks } from '../../shared/form/withFormChecks';

/** The treatment form's rules beyond the body's (spec 001 §5). */

/** Durations offered, 30 minutes to 8 hours in 30-minute steps, as 'HH:mm' with their label. */
export const DURATION_OPTIONS = Array.from({ length: 16 }, (_, index) => {
  const minutes = (index + 1) * TREATMENT_DURATION_STEP;
  return { value: durationTerm(minutes), label: durationLabel(minutes) };
});

const extra = (values: Record<string, unknown>) => ({
  photo: ((values.photo as PhotoItem[] | undefined) ?? []).find(isNewPhoto)?.file ?? null,
});

/**
 * The create's or the update's body, the photo (required only on create, at most one) and the
 * rules by the type's name: commission for Médico, areas unless Valoración.
 */
export function treatmentFormSchema(editing: boolean, typeNameOf: (id: unknown) => string | null) {
  return withFormChecks(editing ? treatmentUpdateBody : treatmentBody, {
    extraKeys: ['photo'],
    extra,
    check: (values, issue) => {
      const photos = (values.photo as PhotoItem[] | undefined) ?? [];
      if (!editing && photos.length === 0) issue('photo', msg.required('Foto'));
      const chosen = photos.find(isNewPhoto);
      const problem = chosen ? imageProblem(chosen.file) : null;
      if (problem) issue('photo', problem);
      const typeName = typeNameOf(values.treatmentTypeId);
      if (!typeName) return;
      for (const found of treatmentTypeProblems(typeName, {
        medicalFee: values.medicalFee as number | null | undefined,
        areasIds: values.areasIds as number[] | undefined,
      }))
        issue(found.field, found.message);
    },
  });
}
