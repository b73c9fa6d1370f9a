CREATE TABLE "sandbox_charges" (
	"transaction_uuid" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "status" text DEFAULT 'fulfilled' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD COLUMN "till_id" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "item_hash" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "transaction_uuid" text;--> statement-breakpoint
ALTER TABLE "sandbox_card_tokens" ADD COLUMN "challenge_result" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "paid_booking_disabled_message" text;