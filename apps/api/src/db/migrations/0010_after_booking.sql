CREATE TABLE "booking_cancellations" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"source" text NOT NULL,
	"inside" boolean NOT NULL,
	"actions" text[] DEFAULT '{}' NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"strike" boolean DEFAULT false NOT NULL,
	"outcome" text NOT NULL,
	"card_refund" integer DEFAULT 0 NOT NULL,
	"refund_ids" text[] DEFAULT '{}' NOT NULL,
	"membership_credit" integer DEFAULT 0 NOT NULL,
	"general_credit" integer DEFAULT 0 NOT NULL,
	"off_system" integer DEFAULT 0 NOT NULL,
	"penalty_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"category_id" integer,
	"schedule_id" integer,
	"cut_off_minutes" integer DEFAULT 0 NOT NULL,
	"cut_off_actions" text[] DEFAULT '{}' NOT NULL,
	"fee_amount" integer DEFAULT 0 NOT NULL,
	"outcome" text DEFAULT 'none' NOT NULL,
	CONSTRAINT "cancellation_policies_level_key" UNIQUE NULLS NOT DISTINCT("client_id","category_id","schedule_id")
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "status" text DEFAULT 'waiting' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "offer_booking_id" integer;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "offer_token" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "waitlist_offer_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_cancellations_order_idx" ON "booking_cancellations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "booking_cancellations_user_idx" ON "booking_cancellations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("occurrence_id","status","created_at");--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offer_token_unique" UNIQUE("offer_token");