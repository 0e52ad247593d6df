/**
 * The catalogue's calculations (spec 001 §9), shared by the API, which checks and stores them,
 * and the product form, which shows them while the approver types.
 */

/** Rounds money to cents, half away from zero, without the float error of `x * 100` (1.005 → 1.01). */
export function roundMoney(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return sign * Number(`${Math.round(Number(`${Math.abs(value)}e2`))}e-2`) || 0;
}

/** Cost with tax = cost + cost × tax / 100. */
export function costWithTax(cost: number, tax: number): number {
  return roundMoney(cost + (cost * tax) / 100);
}

export interface FranchiseInputs {
  cost: number;
  tax: number;
  franchiseTax: number;
  additionalCostFranchise: number;
  /** Only the sale types carry indirect expenses; the others count 0. */
  indirectExpenses?: number | null;
}

/**
 * Franchise price = cost with tax × (1 + franchise tax / 100) × (1 + additional percent / 100)
 * + indirect expenses. The cost with tax enters as the screen shows it (rounded to cents), so the
 * approver and the server multiply the same figures.
 */
export function franchisePrice(inputs: FranchiseInputs): number {
  const base = costWithTax(inputs.cost, inputs.tax);
  return roundMoney(
    base * (1 + inputs.franchiseTax / 100) * (1 + inputs.additionalCostFranchise / 100) +
      (inputs.indirectExpenses ?? 0),
  );
}

/** Two amounts that differ by at most one cent are the same price (client rounding differs). */
export function sameMoney(a: number, b: number): boolean {
  return Math.abs(roundMoney(a) - roundMoney(b)) <= 0.01 + 1e-9;
}

/** 'content unit(s) contentType': '10 ml(s) Vial', '1 pza Caja' (spec 001 §9). */
export function contentLabel(content: number, measureUnit: string, contentType: string): string {
  const amount = Number.isInteger(content) ? String(content) : String(roundMoney(content));
  return `${amount} ${measureUnit}${content > 1 ? '(s)' : ''} ${contentType}`;
}

/** Minutes of a treatment's 'HH:mm' duration. */
export function durationMinutes(term: string): number {
  const [hours = 0, minutes = 0] = term.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 'HH:mm' of a duration in minutes (90 → '01:30'). */
export function durationTerm(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A duration as the screens show it: hours and minutes, or minutes only under an hour. */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
