import { sql } from 'drizzle-orm';
import type { AppointmentFinishRecord } from '@clinica/domain';
import { queryRows, type Executor } from '../../db/client';
import type { AppointmentRecord } from './appointment-read';

/**
 * What a finished appointment recorded (CONTRACT §13), as GET /appointment/{id} and the finish's
 * answer show it: its sessions with their areas, the units it took from each lot (its
 * `appointment` movements net of their reversals), the consent signed and the medical commission.
 */

/** The document the finish's movements name: the appointment, printed `CITA-000123`. */
export const APPOINTMENT_DOCUMENT = 'appointment';

interface FinishRow {
  sessions: { number: number; areas: { id: number; name: string; place: string }[] }[];
  products: {
    stockId: number;
    product: { id: number; name: string };
    allotment: string;
    expiresIn: string | null;
    quantity: number;
  }[];
  consent: { id: number; name: string; signedAt: string } | null;
  commission: {
    user: { id: number; name: string };
    fee: number;
    isr: number;
    net: number;
  } | null;
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The finish of one appointment, or null when it was not finished. */
export async function readFinish(
  executor: Executor,
  appointmentId: number,
): Promise<AppointmentFinishRecord | null> {
  const [row] = await queryRows<FinishRow & { status: string }>(
    executor,
    sql`
    SELECT a.status,
      (SELECT coalesce(json_agg(json_build_object('number', s.number, 'areas',
          (SELECT coalesce(json_agg(json_build_object('id', ar.id, 'name', ar.name, 'place', ar.place)
             ORDER BY ar.place, ar.name, ar.id), '[]'::json)
           FROM appointment_session_area sa JOIN area ar ON ar.id = sa.area_id
           WHERE sa.session_id = s.id)) ORDER BY s.number), '[]'::json)
       FROM appointment_session s WHERE s.appointment_id = a.id) AS sessions,
      (SELECT coalesce(json_agg(json_build_object('stockId', u.stock_id,
          'product', json_build_object('id', p.id, 'name', p.name),
          'allotment', st.allotment, 'expiresIn', st.expires_in::text, 'quantity', u.units)
          ORDER BY p.name, u.stock_id), '[]'::json)
       FROM (SELECT m.stock_id, -sum(m.quantity)::int AS units FROM stock_movement m
             WHERE m.document_type = ${APPOINTMENT_DOCUMENT} AND m.document_id = a.id
               AND m.cause IN ('appointment', 'appointment-reversal')
             GROUP BY m.stock_id HAVING sum(m.quantity) <> 0) u
       JOIN stock st ON st.id = u.stock_id JOIN product p ON p.id = st.product_id) AS products,
      (SELECT json_build_object('id', c.id, 'name', c.name, 'signedAt', ${iso('a.consent_signed_at')})
       FROM consent c WHERE c.id = a.consent_id AND a.consent_signed_at IS NOT NULL) AS consent,
      (SELECT json_build_object('user', json_build_object('id', u.id,
          'name', u.name || ' ' || u.last_name || ' ' || u.mother_last_name),
          'fee', mc.fee::float8, 'isr', mc.isr::float8, 'net', mc.net::float8)
       FROM medic_commission mc JOIN "user" u ON u.id = mc.user_id
       WHERE mc.appointment_id = a.id) AS commission
    FROM appointment a WHERE a.id = ${appointmentId}`,
  );
  if (!row || row.status !== 'finished') return null;
  return {
    sessions: row.sessions,
    products: row.products.map((entry) => ({ ...entry, quantity: Number(entry.quantity) })),
    consent: row.consent,
    commission: row.commission,
  };
}

/** The appointment with its finish filled in. */
export async function withFinish(
  executor: Executor,
  record: AppointmentRecord,
): Promise<AppointmentRecord> {
  return { ...record, finish: await readFinish(executor, record.id) };
}
