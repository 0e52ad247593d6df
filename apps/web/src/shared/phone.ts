/** Phones travel as 10 digits (spec 000 §3) and are shown with the mask (000)000-0000 (§9). */

export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '').slice(0, 10);
}

/** Masks what has been typed so far: '664', '(664)123', '(664)123-4567'. */
export function maskPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  if (digits.length <= 3) return digits.length === 0 ? '' : `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)})${digits.slice(3)}`;
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored phone for reading; anything that is not 10 digits is shown as it is. */
export function formatPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length === 10 ? maskPhone(digits) : (value ?? '');
}
