CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"date" date NOT NULL,
	"odometer_km" integer,
	"category" text NOT NULL,
	"amount" integer NOT NULL,
	"centilitres" integer,
	"full_tank" boolean DEFAULT false NOT NULL,
	"place" text,
	"note" text,
	"order_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diary_entries_amount" CHECK ("diary_entries"."amount" >= 0),
	CONSTRAINT "diary_entries_odometer" CHECK ("diary_entries"."odometer_km" is null or "diary_entries"."odometer_km" >= 0),
	CONSTRAINT "diary_entries_litres" CHECK ("diary_entries"."centilitres" is null or "diary_entries"."centilitres" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"reminders" jsonb,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"marketing_consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"remind_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_notes_body_length" CHECK (char_length("vehicle_notes"."body") <= 10000)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"registration_plate" text NOT NULL,
	"vin" text,
	"make" text,
	"model" text,
	"category" text DEFAULT 'car' NOT NULL,
	"itp_due_date" date,
	"rca_valid_until" date,
	"rovinieta_valid_until" date,
	"hu_vignette_valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_notes" ADD CONSTRAINT "vehicle_notes_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_entries_vehicle_date" ON "diary_entries" USING btree ("vehicle_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "diary_entries_order" ON "diary_entries" USING btree ("vehicle_id","order_reference");--> statement-breakpoint
CREATE INDEX "vehicle_notes_vehicle" ON "vehicle_notes" USING btree ("vehicle_id","pinned","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_user_plate" ON "vehicles" USING btree ("user_id","registration_plate");--> statement-breakpoint
CREATE INDEX "vehicles_user" ON "vehicles" USING btree ("user_id","created_at");