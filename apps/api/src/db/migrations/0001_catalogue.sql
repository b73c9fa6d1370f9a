CREATE TABLE "restriction_completions" (
	"user_id" integer NOT NULL,
	"restriction_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restriction_completions_user_id_restriction_id_pk" PRIMARY KEY("user_id","restriction_id")
);
--> statement-breakpoint
CREATE TABLE "restrictions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"terms" text,
	"related_category_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_restrictions" (
	"schedule_id" integer NOT NULL,
	"restriction_id" integer NOT NULL,
	"criteria" text DEFAULT 'all' NOT NULL,
	CONSTRAINT "schedule_restrictions_schedule_id_restriction_id_pk" PRIMARY KEY("schedule_id","restriction_id")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"occurrence_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"location_ids" integer[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occurrence_instructors" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "occurrence_locations" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "location_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "instructor_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Carry the sessions' spaces and instructors over from the join tables before they go.
UPDATE "occurrences" o SET "location_ids" = l.ids FROM (SELECT occurrence_id, array_agg(location_id ORDER BY position, location_id) AS ids FROM "occurrence_locations" GROUP BY occurrence_id) l WHERE l.occurrence_id = o.id;--> statement-breakpoint
UPDATE "occurrences" o SET "instructor_ids" = i.ids FROM (SELECT occurrence_id, array_agg(instructor_id ORDER BY instructor_id) AS ids FROM "occurrence_instructors" GROUP BY occurrence_id) i WHERE i.occurrence_id = o.id;--> statement-breakpoint
DROP TABLE "occurrence_instructors" CASCADE;--> statement-breakpoint
DROP TABLE "occurrence_locations" CASCADE;--> statement-breakpoint
DROP INDEX "occurrences_day_idx";--> statement-breakpoint
ALTER TABLE "occurrences" ALTER COLUMN "capacity_maximum" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "occurrences" ALTER COLUMN "capacity_consumed" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "capacity" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "capacity_online" bigint;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "capacity_foh" bigint;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "consumed_online" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "consumed_foh" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "clashes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "occurrences" ADD COLUMN "deletion_reason" text;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "capacity_online" bigint;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "capacity_foh" bigint;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "waitlist_maximum" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "allow_book_after_start" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "pricing_option_availability" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "individual_price" integer;--> statement-breakpoint
ALTER TABLE "restriction_completions" ADD CONSTRAINT "restriction_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restriction_completions" ADD CONSTRAINT "restriction_completions_restriction_id_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictions" ADD CONSTRAINT "restrictions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictions" ADD CONSTRAINT "restrictions_related_category_id_categories_id_fk" FOREIGN KEY ("related_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_restrictions" ADD CONSTRAINT "schedule_restrictions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_restrictions" ADD CONSTRAINT "schedule_restrictions_restriction_id_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_occurrence_id_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."occurrences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_occurrence_user_idx" ON "waitlist_entries" USING btree ("occurrence_id","user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "closures_venue_idx" ON "closures" USING btree ("venue_id","starts_at");--> statement-breakpoint
CREATE INDEX "occurrences_client_start_idx" ON "occurrences" USING btree ("client_id","starts_at") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "occurrences_location_ids_idx" ON "occurrences" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "occurrences_instructor_ids_idx" ON "occurrences" USING gin ("instructor_ids");--> statement-breakpoint
CREATE INDEX "occurrences_day_idx" ON "occurrences" USING btree ("client_id","venue_id","category_id","starts_at") WHERE deleted_at IS NULL;