CREATE TABLE "vehicle_end_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"product" text NOT NULL,
	"end_date" date NOT NULL,
	"days_before" integer NOT NULL,
	"user_id" uuid,
	"email" boolean NOT NULL,
	"notification_centre" boolean NOT NULL,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_end_reminders_days" CHECK ("vehicle_end_reminders"."days_before" in (30, 14, 7, 1))
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "renewal_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_end_reminders" ADD CONSTRAINT "vehicle_end_reminders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_end_reminders" ADD CONSTRAINT "vehicle_end_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_end_reminders_once" ON "vehicle_end_reminders" USING btree ("vehicle_id","product","end_date","days_before");