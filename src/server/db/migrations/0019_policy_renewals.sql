CREATE TABLE "policy_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_policy_id" uuid NOT NULL,
	"end_date" date NOT NULL,
	"user_id" uuid,
	"product" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"quote_id" text,
	"prices_hold_until" timestamp with time zone,
	"quoting_until" timestamp with time zone,
	"previous_premium" integer NOT NULL,
	"reminders_off" boolean DEFAULT false NOT NULL,
	"renewed_by_order_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_renewals_previous_premium" CHECK ("policy_renewals"."previous_premium" >= 0)
);
--> statement-breakpoint
ALTER TABLE "policy_end_reminders" DROP CONSTRAINT "policy_end_reminders_days";--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_order_policy_id_order_policies_id_fk" FOREIGN KEY ("order_policy_id") REFERENCES "public"."order_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_renewed_by_order_id_orders_id_fk" FOREIGN KEY ("renewed_by_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_renewals_window" ON "policy_renewals" USING btree ("order_policy_id","end_date");--> statement-breakpoint
CREATE INDEX "policy_renewals_user" ON "policy_renewals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "policy_renewals_due" ON "policy_renewals" USING btree ("prices_hold_until") WHERE "policy_renewals"."status" = 'open';--> statement-breakpoint
ALTER TABLE "policy_end_reminders" ADD CONSTRAINT "policy_end_reminders_days" CHECK ("policy_end_reminders"."days_before" in (30, 14, 7, 1));