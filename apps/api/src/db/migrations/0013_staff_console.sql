CREATE TABLE "staff_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"action" text NOT NULL,
	"customer_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_desk_activity" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"timed_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"desk_idle_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit_log" ADD CONSTRAINT "staff_audit_log_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_desk_activity" ADD CONSTRAINT "staff_desk_activity_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_desk_activity" ADD CONSTRAINT "staff_desk_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_roles" ADD CONSTRAINT "staff_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_client_created_idx" ON "staff_audit_log" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_client_customer_idx" ON "staff_audit_log" USING btree ("client_id","customer_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_client_user_role_idx" ON "staff_roles" USING btree ("client_id","user_id","role");--> statement-breakpoint
CREATE INDEX "users_search_last_name_idx" ON "users" USING btree ("client_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_first_name_idx" ON "users" USING btree ("client_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_email_idx" ON "users" USING btree ("client_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_reference_idx" ON "users" USING btree ("client_id",lower("reference") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_phone_idx" ON "users" USING btree ("client_id",regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_barcode_idx" ON "users" USING btree ("client_id","barcode");