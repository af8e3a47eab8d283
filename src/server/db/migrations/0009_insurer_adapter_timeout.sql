ALTER TABLE "insurers" ADD COLUMN "adapter" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurers" ADD COLUMN "quote_timeout_ms" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "insurer_payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_quote_timeout" CHECK ("insurers"."quote_timeout_ms" is null or "insurers"."quote_timeout_ms" between 50 and 60000);