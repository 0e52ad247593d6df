/**
 * The age rules of a customer (spec 002 §5, CONTRACT §10), counted on today's date in the branch's
 * zone: from 18 the mobile phone is required and the customer may be a tutor; under 18 a tutor and
 * a relationship are required; a birthday in the future is refused.
 */

export const ADULT_AGE = 18;

/** Completed years between a birthday and a day, both 'YYYY-MM-DD' (a Feb 29 birthday turns on Mar 1). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

export const isAdultOn = (birthday: string, today: string) => ageOn(birthday, today) >= ADULT_AGE;

export interface CustomerAgeFields {
  birthday: string;
  mobilePhone?: string | null;
  isTutor?: boolean | number | null;
  tutorId?: number | null;
  relationship?: string | null;
}

export interface CustomerFieldError {
  field: string;
  message: string;
}

/** Every age rule the customer breaks on `today`, each naming its field (empty when none). */
export function customerAgeErrors(
  customer: CustomerAgeFields,
  today: string,
): CustomerFieldError[] {
  if (customer.birthday > today)
    return [{ field: 'birthday', message: 'La fecha de nacimiento no puede ser futura' }];
  const errors: CustomerFieldError[] = [];
  if (isAdultOn(customer.birthday, today)) {
    if (!customer.mobilePhone)
      errors.push({
        field: 'mobilePhone',
        message: 'El campo Celular es obligatorio para clientes mayores de 18 años',
      });
  } else {
    if (customer.isTutor === true || customer.isTutor === 1)
      errors.push({
        field: 'isTutor',
        message: 'Solo un cliente mayor de 18 años puede ser tutor',
      });
    if (!customer.tutorId)
      errors.push({
        field: 'tutorId',
        message: 'El campo Tutor es obligatorio para clientes menores de 18 años',
      });
    if (!customer.relationship)
      errors.push({
        field: 'relationship',
        message: 'El campo Parentesco es obligatorio para clientes menores de 18 años',
      });
  }
  return errors;
}

/** A phone's 10 digits shown with the mask (000)000-0000; anything else as it is. */
export function maskPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  return /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}
