CREATE TABLE "booking_penalties" (
	"booking_id" integer NOT NULL,
	"event" text NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"penalty_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_penalties_booking_id_event_pk" PRIMARY KEY("booking_id","event")
);
--> statement-breakpoint
CREATE TABLE "penalty_policies" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"absent_action" text NOT NULL,
	"late_cancellation_action" text NOT NULL,
	"fee_amount" integer NOT NULL,
	"strikes_to_block" integer NOT NULL,
	"strike_window_days" integer NOT NULL,
	"block_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_penalties" ADD CONSTRAINT "booking_penalties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_penalties" ADD CONSTRAINT "booking_penalties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_policies" ADD CONSTRAINT "penalty_policies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_penalties_user_idx" ON "booking_penalties" USING btree ("client_id","user_id","kind");