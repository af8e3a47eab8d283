CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"dedupe_key" text,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_attempts" CHECK ("jobs"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"asf_registration" text NOT NULL,
	"logo_path" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"commission_basis_points" integer DEFAULT 0 NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurers_code_format" CHECK ("insurers"."code" ~ '^[a-z0-9-]{2,40}$'),
	CONSTRAINT "insurers_commission" CHECK ("insurers"."commission_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"insurer_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"premium" integer,
	"currency" text DEFAULT 'RON' NOT NULL,
	"insurer_reference" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"start_date" date,
	"end_date" date,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_premium" CHECK ("offers"."premium" is null or "offers"."premium" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"user_id" uuid,
	"partner_code" text,
	"request" jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"insurers_total" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_insurer_code_insurers_code_fk" FOREIGN KEY ("insurer_code") REFERENCES "public"."insurers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "offers_quote" ON "offers" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_user" ON "quotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quotes_created_at" ON "quotes" USING btree ("created_at");