CREATE TABLE "order_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"insurer_code" text NOT NULL,
	"premium" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"number" text,
	"series" text,
	"start_date" date,
	"end_date" date,
	"document_key" text,
	"verification_code" text NOT NULL,
	"registration_plate" text,
	"vin" text,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_policies_verification_code_unique" UNIQUE("verification_code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"product" text NOT NULL,
	"quote_id" text NOT NULL,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"total_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"customer" jsonb NOT NULL,
	"locale" text NOT NULL,
	"partner_code" text,
	"idempotency_scope" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"guest_token_hash" text,
	"exchange_rate" numeric(12, 6),
	"payment_id" text,
	"payment_redirect" jsonb,
	"payment_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total" CHECK ("orders"."total_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_policies" ADD CONSTRAINT "order_policies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_policies" ADD CONSTRAINT "order_policies_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_policies_order" ON "order_policies" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_policies_plate" ON "order_policies" USING btree ("registration_plate") WHERE "order_policies"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "order_policies_vin" ON "order_policies" USING btree ("vin") WHERE "order_policies"."status" = 'issued';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency" ON "orders" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment" ON "orders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status" ON "orders" USING btree ("status");