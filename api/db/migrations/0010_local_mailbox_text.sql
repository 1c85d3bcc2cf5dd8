ALTER TABLE "local_mailbox" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_mailbox" ADD COLUMN "attachment_names" jsonb DEFAULT '[]'::jsonb NOT NULL;