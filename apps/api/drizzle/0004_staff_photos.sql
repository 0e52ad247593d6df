CREATE TABLE "staff_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"kardex_id" integer NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"content" "bytea" NOT NULL,
	"thumbnail" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_photo_name_unique" UNIQUE("name"),
	CONSTRAINT "staff_photo_kardexId_unique" UNIQUE("kardex_id")
);
--> statement-breakpoint
ALTER TABLE "staff_photo" ADD CONSTRAINT "staff_photo_kardex_id_kardex_id_fk" FOREIGN KEY ("kardex_id") REFERENCES "public"."kardex"("id") ON DELETE cascade ON UPDATE no action;