import { customType, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at / deleted_at, as every business record carries them (soft delete). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  deletedAt: timestamp({ withTimezone: true, mode: 'date' }),
};

/** Image bytes. Photos live in the database so every API process on one server sees them. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
