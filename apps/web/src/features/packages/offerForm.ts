import {
  CABIN_TIME_STEP,
  durationLabel,
  durationTerm,
  msg,
  offerBody,
  offerRuleProblems,
  offerUpdateBody,
  type OfferType,
} from '@clinica/domain';
import { imageProblem, isNewPhoto, type PhotoItem } from '../../shared/form/ImagesField';
import { withFormChecks } from '../../shared/form/withFormChecks';

/** The offer form's rules beyond the body's (spec 002 §5). */

/** Cabin times offered, 30 minutes to 8 hours in 30-minute steps, as 'HH:mm' with their label. */
export const CABIN_TIME_OPTIONS = Array.from({ length: 16 }, (_, index) => {
  const minutes = (index + 1) * CABIN_TIME_STEP;
  return { value: durationTerm(minutes), label: durationLabel(minutes) };
});

/** Hours of the day in 30-minute steps, for the by-hours window. */
export const TIME_OPTIONS = Array.from({ length: 48 }, (_, index) => {
  const value = durationTerm(index * 30);
  return { value, label: value };
});

const extra = (values: Record<string, unknown>) => ({
  photo: ((values.photo as PhotoItem[] | undefined) ?? []).find(isNewPhoto)?.file ?? null,
});

/**
 * The create's or the update's body, the photo (required only on create, at most one) and the
 * linked rules on the offer as it will be saved (dates, hours, sessions by type).
 */
export function offerFormSchema(editing: boolean, type: OfferType) {
  return withFormChecks(editing ? offerUpdateBody : offerBody, {
    extraKeys: ['photo'],
    extra,
    check: (values, issue) => {
      const photos = (values.photo as PhotoItem[] | undefined) ?? [];
      if (!editing && photos.length === 0) issue('photo', msg.required('Foto'));
      const chosen = photos.find(isNewPhoto);
      const problem = chosen ? imageProblem(chosen.file) : null;
      if (problem) issue('photo', problem);
      // The create's body checks these itself; the update's is partial, so the form does.
      if (!editing) return;
      for (const found of offerRuleProblems({
        type,
        validBySchedule: values.validBySchedule === true,
        startDate: values.startDate as string | null | undefined,
        endDate: values.endDate as string | null | undefined,
        validByTime: values.validByTime === true,
        startTime: values.startTime as string | null | undefined,
        endTime: values.endTime as string | null | undefined,
        treatmentPackage: (values.treatmentPackage ?? []) as {
          treatmentId: number;
          sessions?: number | null;
        }[],
      }))
        issue(found.field, found.message);
    },
  });
}
