CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"name" text NOT NULL,
	"name_kana" text,
	"honorific" text DEFAULT '御中' NOT NULL,
	"department" text,
	"person_in_charge" text,
	"postal_code" text,
	"address1" text,
	"address2" text,
	"tel" text,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registered_no" text,
	"closing_day" integer,
	"payment_month_offset" integer,
	"payment_day" integer,
	"notes" text,
	"search_key" text NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_unique_code","id");