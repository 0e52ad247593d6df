-- Schedule days follow the specification: 0 (Monday) to 6 (Sunday), as spec 002 §3 says of the
-- branch schedule (CONTRACT §8); they were stored 1 (Monday) to 7 (Sunday). The old range checks
-- go first, the stored weeks shift down by one, and the new checks follow. The shift runs in two
-- steps (through negative days) because a unique index is checked row by row: "day = day - 1" in
-- one step could meet a row that has not moved yet (Tuesday 2 → 1 while Monday still holds 1).
ALTER TABLE "branch_schedule" DROP CONSTRAINT "branch_schedule_day_range";--> statement-breakpoint
ALTER TABLE "cabin_schedule" DROP CONSTRAINT "cabin_schedule_day_range";--> statement-breakpoint
UPDATE "branch_schedule" SET "day" = -"day";--> statement-breakpoint
UPDATE "branch_schedule" SET "day" = -"day" - 1;--> statement-breakpoint
UPDATE "cabin_schedule" SET "day" = -"day";--> statement-breakpoint
UPDATE "cabin_schedule" SET "day" = -"day" - 1;--> statement-breakpoint
-- Branch zones are IANA names (CONTRACT §8). The API has only ever accepted the four; a zone
-- written as the specification's option label is rewritten to its IANA name, anything else
-- falls back to the column's default before the check holds it to the four.
UPDATE "branch" SET "zone" = CASE
    WHEN "zone" IN ('Sureste', 'Tiempo del Sureste') THEN 'America/Cancun'
    WHEN "zone" IN ('Centro', 'Tiempo del Centro') THEN 'America/Mexico_City'
    WHEN "zone" IN ('Pacífico', 'Pacifico', 'Tiempo del Pacífico') THEN 'America/Mazatlan'
    ELSE 'America/Tijuana'
  END
  WHERE "zone" NOT IN ('America/Cancun', 'America/Mexico_City', 'America/Mazatlan', 'America/Tijuana');--> statement-breakpoint
ALTER TABLE "branch" ADD CONSTRAINT "branch_zone_iana" CHECK ("branch"."zone" IN ('America/Cancun', 'America/Mexico_City', 'America/Mazatlan', 'America/Tijuana'));--> statement-breakpoint
ALTER TABLE "branch_schedule" ADD CONSTRAINT "branch_schedule_day_range" CHECK ("branch_schedule"."day" BETWEEN 0 AND 6);--> statement-breakpoint
ALTER TABLE "cabin_schedule" ADD CONSTRAINT "cabin_schedule_day_range" CHECK ("cabin_schedule"."day" BETWEEN 0 AND 6);
