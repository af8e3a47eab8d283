ALTER TABLE "policy_renewals" ALTER COLUMN "order_policy_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_renewals" ALTER COLUMN "previous_premium" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "insurers" ADD COLUMN "quotes_per_second" integer;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD COLUMN "basis_quote_id" text;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_basis_quote_id_quotes_id_fk" FOREIGN KEY ("basis_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_renewals_vehicle_window" ON "policy_renewals" USING btree ("vehicle_id","product","end_date");--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_quotes_per_second" CHECK ("insurers"."quotes_per_second" is null or "insurers"."quotes_per_second" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "policy_renewals" ADD CONSTRAINT "policy_renewals_subject" CHECK (("policy_renewals"."order_policy_id" is null) <> ("policy_renewals"."vehicle_id" is null));