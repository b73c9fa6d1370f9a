ALTER TABLE "categories" ADD COLUMN "photo" jsonb;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "hero" jsonb;--> statement-breakpoint
ALTER TABLE "pricing_options" ADD COLUMN "min_age" integer;--> statement-breakpoint
ALTER TABLE "pricing_options" ADD COLUMN "max_age" integer;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "facilities" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "accessibility" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "parking" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "arrival_info" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "photo" jsonb;