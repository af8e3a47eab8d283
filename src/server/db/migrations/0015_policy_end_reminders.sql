CREATE TABLE "policy_end_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_policy_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"user_id" uuid,
	"email" boolean NOT NULL,
	"notification_centre" boolean NOT NULL,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_end_reminders_days" CHECK ("policy_end_reminders"."days_before" in (30, 7, 1))
);
--> statement-breakpoint
ALTER TABLE "policy_end_reminders" ADD CONSTRAINT "policy_end_reminders_order_policy_id_order_policies_id_fk" FOREIGN KEY ("order_policy_id") REFERENCES "public"."order_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_end_reminders" ADD CONSTRAINT "policy_end_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_end_reminders_once" ON "policy_end_reminders" USING btree ("order_policy_id","days_before");