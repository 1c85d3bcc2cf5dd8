CREATE TABLE "registration_number_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"files" text NOT NULL,
	"rows_read" integer NOT NULL,
	"upserted" integer NOT NULL,
	"deleted" integer NOT NULL,
	"skipped" integer NOT NULL,
	"last_update_date" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_numbers" (
	"registrated_number" text PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"correct" text NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"latest" text NOT NULL,
	"registration_date" text,
	"update_date" text,
	"disposal_date" text,
	"expire_date" text,
	"address" text NOT NULL,
	"address_prefecture_code" text NOT NULL,
	"address_city_code" text NOT NULL,
	"address_request" text NOT NULL,
	"address_request_prefecture_code" text NOT NULL,
	"address_request_city_code" text NOT NULL,
	"kana" text NOT NULL,
	"name" text NOT NULL,
	"address_inside" text NOT NULL,
	"address_inside_prefecture_code" text NOT NULL,
	"address_inside_city_code" text NOT NULL,
	"trade_name" text NOT NULL,
	"popular_name_previous_name" text NOT NULL
);
--> statement-breakpoint
-- The same columns in the same order: a full import swaps the rows in with INSERT … SELECT *.
CREATE TABLE "registration_numbers_staging" (LIKE "registration_numbers" INCLUDING ALL);
