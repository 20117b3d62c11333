CREATE TABLE "fx_rates" (
	"date" text NOT NULL,
	"base" text NOT NULL,
	"currency" text NOT NULL,
	"rate" text NOT NULL,
	CONSTRAINT "fx_rates_date_currency_pk" PRIMARY KEY("date","currency")
);
