CREATE TABLE "booking_bundles" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"cart_item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"booked_by_user_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"booking_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_question_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"schedule_id" integer,
	"category_id" integer,
	"occurrence_id" text,
	"title" text NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_question_sections_one_owner" CHECK (num_nonnulls("custom_question_sections"."schedule_id", "custom_question_sections"."category_id", "custom_question_sections"."occurrence_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "custom_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"group_id" integer,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_length" integer,
	"max_length" integer,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_restrictions" (
	"category_id" integer NOT NULL,
	"restriction_id" integer NOT NULL,
	"criteria" text DEFAULT 'all' NOT NULL,
	CONSTRAINT "category_restrictions_category_id_restriction_id_pk" PRIMARY KEY("category_id","restriction_id")
);
--> statement-breakpoint
CREATE TABLE "waiver_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"restriction_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agreed_by_user_id" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "restrictions" DROP CONSTRAINT "restrictions_related_category_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "valid_for_days" integer;--> statement-breakpoint
ALTER TABLE "restrictions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_bundles" ADD CONSTRAINT "booking_bundles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_bundles" ADD CONSTRAINT "booking_bundles_cart_item_id_cart_items_id_fk" FOREIGN KEY ("cart_item_id") REFERENCES "public"."cart_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_bundles" ADD CONSTRAINT "booking_bundles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_bundles" ADD CONSTRAINT "booking_bundles_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_bundles" ADD CONSTRAINT "booking_bundles_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_question_sections" ADD CONSTRAINT "custom_question_sections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_question_sections" ADD CONSTRAINT "custom_question_sections_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_question_sections" ADD CONSTRAINT "custom_question_sections_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_question_sections" ADD CONSTRAINT "custom_question_sections_occurrence_id_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."occurrences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_section_id_custom_question_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."custom_question_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_questions" ADD CONSTRAINT "custom_questions_group_id_custom_questions_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."custom_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_restrictions" ADD CONSTRAINT "category_restrictions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_restrictions" ADD CONSTRAINT "category_restrictions_restriction_id_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_restriction_id_restrictions_id_fk" FOREIGN KEY ("restriction_id") REFERENCES "public"."restrictions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_agreed_by_user_id_users_id_fk" FOREIGN KEY ("agreed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_bundles_cart_item_idx" ON "booking_bundles" USING btree ("cart_item_id");--> statement-breakpoint
CREATE INDEX "booking_bundles_user_idx" ON "booking_bundles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "booking_bundles_booked_by_idx" ON "booking_bundles" USING btree ("booked_by_user_id");--> statement-breakpoint
CREATE INDEX "custom_question_sections_schedule_idx" ON "custom_question_sections" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "custom_question_sections_category_idx" ON "custom_question_sections" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "custom_question_sections_occurrence_idx" ON "custom_question_sections" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "custom_questions_section_idx" ON "custom_questions" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "waiver_agreements_person_idx" ON "waiver_agreements" USING btree ("user_id","restriction_id","agreed_at");--> statement-breakpoint
ALTER TABLE "restrictions" ADD CONSTRAINT "restrictions_related_category_id_categories_id_fk" FOREIGN KEY ("related_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;