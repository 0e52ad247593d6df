import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

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

/** Money: exact `numeric(12,2)`, read back as a JSON number (CONTRACT §2). */
export const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

/** A percentage such as a franchise tax or a profit margin: exact `numeric(7,2)`, read as a number. */
export const percent = () => numeric({ precision: 7, scale: 2, mode: 'number' });
