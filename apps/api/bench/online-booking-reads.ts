import { PICKER_GETS } from './sale-lists';

/**
 * The public availability (issue 29: a day at the busiest branch p95 under 50 ms at one client),
 * measured as a GET by lists.ts: the branch and future day with the most booked appointments,
 * and the online treatment served there that takes longest (the most cabins and starts to check).
 */
PICKER_GETS.push({
  label: 'GET /v1/public/availability?el día más ocupado de la sucursal más ocupada',
  sql: `WITH busiest AS (
          SELECT branch_id, date FROM appointment
           WHERE date BETWEEN current_date + 1 AND current_date + 59 AND status = 'scheduled'
           GROUP BY branch_id, date ORDER BY count(*) DESC LIMIT 1)
        SELECT '/v1/public/availability?branchId=' || b.branch_id || '&treatmentId=' || t.id
               || '&date=' || b.date AS path
          FROM busiest b
          JOIN cabin c ON c.branch_id = b.branch_id AND c.deleted_at IS NULL
          JOIN cabin_type ct ON ct.id = c.type_id AND ct.deleted_at IS NULL
          JOIN treatment t ON t.treatment_type_id = ct.treatment_type_id AND t.online_booking
                          AND t.active AND t.deleted_at IS NULL
         ORDER BY t.duration_minutes DESC, t.id LIMIT 1`,
});
