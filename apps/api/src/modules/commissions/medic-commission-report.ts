import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { medicCommission } from '../../db/schema';
import type { CommissionScope } from './commission-scope';
import { commissionsOf, detailJoins, type CommissionFilters } from './medic-commission-read';

/** A person's full name as the reports write it: the parts that are not empty, by spaces. */
const fullNameSql = (name: SQL, lastName: SQL, motherLastName: SQL) =>
  sql`to_json(concat_ws(' ', nullif(${name}, ''), nullif(${lastName}, ''), nullif(${motherLastName}, '')))::text`;

/**
 * GET /report/individual-medical-fees as JSON text written by the database (`serveJson`): one
 * record per commission, oldest first, and the sums of commission, ISR and subtotal. A year of
 * the busiest branch is 10 MB: built as objects and serialised in Node it took 1.25 s at scale 1.
 */
export async function medicCommissionReportJson(
  executor: Executor,
  scope: CommissionScope,
  filters: CommissionFilters,
): Promise<string> {
  const { from, conditions } = commissionsOf(scope, filters);
  const where = conditions.length > 0 ? and(...conditions)! : sql`true`;
  const amount = (column: SQL) => sql`${column}::float8`;
  const record = sql`'{"appointmentNumber":' || a.appointment_number
    || ',"branch":{"id":' || b.id || ',"name":' || to_json(b.name)::text
    || '},"date":"' || a.date::text || '","time":"' || to_char(a.start_time, 'HH24:MI')
    || '","patient":{"id":' || c.id || ',"customerId":' || c.customer_id
    || ',"name":' || ${fullNameSql(sql`c.name`, sql`c.last_name`, sql`c.mother_last_name`)}
    || '},"treatment":{"id":' || t.id || ',"name":' || to_json(t.name)::text
    || '},"user":{"id":' || u.id
    || ',"name":' || ${fullNameSql(sql`u.name`, sql`u.last_name`, sql`u.mother_last_name`)}
    || '},"commission":' || ${amount(sql`${medicCommission.fee}`)}
    || ',"isr":' || ${amount(sql`${medicCommission.isr}`)}
    || ',"subtotal":' || ${amount(sql`${medicCommission.net}`)} || '}'`;
  const sum = (column: SQL) => sql`coalesce(sum(${column}), 0)::float8`;
  const [row] = await queryRows<{ json: string }>(
    executor,
    sql`WITH chosen AS (SELECT ${medicCommission.id} AS id FROM ${from} WHERE ${where})
        SELECT '{"items":[' || coalesce(string_agg(${record}, ','
                   ORDER BY ${medicCommission.createdAt}, ${medicCommission.id}), '')
               || '],"totals":{"commission":' || ${sum(sql`${medicCommission.fee}`)}
               || ',"isr":' || ${sum(sql`${medicCommission.isr}`)}
               || ',"subtotal":' || ${sum(sql`${medicCommission.net}`)} || '}}' AS json
          FROM chosen
          ${detailJoins(sql`chosen`)}`,
  );
  return row!.json;
}
