-- The session series an appointment was booked in (CONTRACT §15 "Session series"): a bare uuid,
-- no table of its own; indexed to read a series' appointments.
ALTER TABLE "appointment" ADD COLUMN "series_id" uuid;--> statement-breakpoint
CREATE INDEX "appointment_series_idx" ON "appointment" USING btree ("series_id");