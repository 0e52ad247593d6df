/**
 * The customers' and offers' lists measured the way the front desk opens them (issue 15: a
 * search over 300,000 customers by name, phone or e-mail stays on an index, p95 under 30 ms on
 * PostgreSQL), added to `FOCUSED` in lists.ts. Each names the value it searches or filters by
 * through SQL on the bench database: a customer's full name as a receptionist types it (first
 * name and first surname, accents included), the last seven digits of a mobile, the start of an
 * e-mail; the tutor picker as the form searches it (a name typed, among adult tutors not
 * blacklisted); the customer with most notes; what is on sale now at the busiest clinic; the coupons
 * and goals of one clinic.
 */
export const CUSTOMER_FOCUSED: { path: string; param: string; sql: string; label: string }[] = [
  {
    path: '/v1/customer',
    param: 'search',
    label: '/v1/customer?search=nombre apellido',
    sql: `SELECT split_part(name, ' ', 1) || ' ' || last_name AS id FROM customer
           WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1 OFFSET 1000`,
  },
  {
    path: '/v1/customer',
    param: 'search',
    label: '/v1/customer?search=celular',
    sql: `SELECT right(mobile_phone, 7) AS id FROM customer
           WHERE deleted_at IS NULL AND mobile_phone IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET 2000`,
  },
  {
    path: '/v1/customer',
    param: 'search',
    label: '/v1/customer?search=correo',
    sql: `SELECT split_part(email, '@', 1) AS id FROM customer
           WHERE deleted_at IS NULL AND email IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET 3000`,
  },
  {
    path: '/v1/customer',
    param: 'isTutor=1&blackList=0&adult=1&search',
    label: '/v1/customer?isTutor=1…&search=nombre apellido',
    sql: `SELECT split_part(name, ' ', 1) || ' ' || last_name AS id FROM customer
           WHERE deleted_at IS NULL AND is_tutor = 1 ORDER BY id DESC LIMIT 1 OFFSET 500`,
  },
  {
    path: '/v1/note',
    param: 'customerId',
    label: '/v1/note?customerId=…',
    sql: `SELECT customer_id AS id FROM customer_note WHERE deleted_at IS NULL
           GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/package',
    param: 'onSale=true&branchId',
    label: '/v1/package?onSale=true&branchId=…',
    sql: `SELECT registry_branch_id AS id FROM customer WHERE deleted_at IS NULL
           GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/coupon',
    param: 'branchId',
    label: '/v1/coupon?branchId=…',
    sql: `SELECT registry_branch_id AS id FROM customer WHERE deleted_at IS NULL
           GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  },
  {
    path: '/v1/goal',
    param: 'branchId',
    label: '/v1/goal?branchId=…',
    sql: `SELECT registry_branch_id AS id FROM customer WHERE deleted_at IS NULL
           GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  },
];
