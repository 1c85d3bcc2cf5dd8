CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_unique_code" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"unit" text,
	"unit_price" numeric(14, 4) NOT NULL,
	"tax_rate" integer DEFAULT 10 NOT NULL,
	"search_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "items_company_idx" ON "items" USING btree ("company_unique_code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_company_code_idx" ON "items" USING btree ("company_unique_code","code") WHERE "items"."code" is not null;