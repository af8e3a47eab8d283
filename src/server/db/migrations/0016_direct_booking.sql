CREATE TABLE "direct_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"vehicle_id" uuid,
	"registration_plate" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"phone" text NOT NULL,
	"email" text,
	"note" text,
	"locale" text NOT NULL,
	"rca_insurer" text,
	"rca_valid_until" date,
	"direct_settlement" boolean,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "direct_bookings_place" CHECK ("direct_bookings"."address" is not null or ("direct_bookings"."latitude" is not null and "direct_bookings"."longitude" is not null))
);
--> statement-breakpoint
ALTER TABLE "direct_bookings" ADD CONSTRAINT "direct_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_bookings" ADD CONSTRAINT "direct_bookings_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_bookings_user" ON "direct_bookings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "direct_bookings_status" ON "direct_bookings" USING btree ("status","created_at");