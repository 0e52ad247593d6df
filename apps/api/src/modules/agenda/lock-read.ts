import { sql } from 'drizzle-orm';
import type { LockRecord } from '@clinica/domain';
import { agendaLock, branch, cabin, user } from '../../db/schema';

/** A lock as every answer reads it: its cabin, branch and author joined. */
export const lockColumns = {
  id: agendaLock.id,
  type: agendaLock.type,
  reason: agendaLock.reason,
  reasonDescription: agendaLock.reasonDescription,
  cabinId: agendaLock.cabinId,
  cabinName: cabin.name,
  time: agendaLock.time,
  date: agendaLock.date,
  days: agendaLock.days,
  recurrent: agendaLock.recurrent,
  branchId: agendaLock.branchId,
  branchName: branch.name,
  userId: agendaLock.userId,
  userName: sql<
    string | null
  >`${user.name} || ' ' || ${user.lastName} || ' ' || ${user.motherLastName}`,
  createdAt: agendaLock.createdAt,
};

export interface LockRow {
  id: number;
  type: string;
  reason: string;
  reasonDescription: string;
  cabinId: number;
  cabinName: string;
  time: string[];
  date: string | null;
  days: number[];
  recurrent: boolean;
  branchId: number;
  branchName: string;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
}

export function presentLock(row: LockRow): LockRecord {
  return {
    id: row.id,
    type: row.type as LockRecord['type'],
    reason: row.reason as LockRecord['reason'],
    reasonDescription: row.reasonDescription,
    cabainId: row.cabinId,
    cabain: { id: row.cabinId, name: row.cabinName },
    time: row.time,
    date: row.date,
    days: row.days,
    recurrent: row.recurrent,
    branchId: row.branchId,
    branch: { id: row.branchId, name: row.branchName },
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    created_at: row.createdAt.toISOString(),
  };
}
