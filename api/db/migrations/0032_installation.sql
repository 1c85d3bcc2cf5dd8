CREATE TABLE "installation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The one row: made here, so every installation has its id from the migration on, and a restored database keeps its own.
INSERT INTO "installation" DEFAULT VALUES;