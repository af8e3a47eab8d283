ALTER TABLE "users" ADD COLUMN "terms_version" text;--> statement-breakpoint
-- Accounts that ticked the sign-up box before versions were recorded accepted the terms of 1 November 2026, the first published.
UPDATE "users" SET "terms_version" = '2026-11-01' WHERE "terms_accepted_at" IS NOT NULL;
