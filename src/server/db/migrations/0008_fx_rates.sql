CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"ron_per_unit_micros" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_rate_date_pk" PRIMARY KEY("currency","rate_date"),
	CONSTRAINT "fx_rates_positive" CHECK ("fx_rates"."ron_per_unit_micros" > 0),
	CONSTRAINT "fx_rates_currency" CHECK ("fx_rates"."currency" ~ '^[A-Z]{3}$')
);
