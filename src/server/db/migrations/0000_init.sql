CREATE TABLE "cookie_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent" jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"authenticated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cookie_consents_ip_length" CHECK (char_length("cookie_consents"."ip") <= 64)
);
--> statement-breakpoint
CREATE TABLE "maintenances" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_ro_vignette_available" boolean DEFAULT true NOT NULL,
	"is_hu_vignette_available" boolean DEFAULT true NOT NULL,
	"is_rca_available" boolean DEFAULT true NOT NULL,
	"is_travel_available" boolean DEFAULT true NOT NULL,
	"is_house_insurance_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "maintenances_one_open" ON "maintenances" USING btree ((true)) WHERE "maintenances"."ended_at" is null;