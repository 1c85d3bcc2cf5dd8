CREATE TABLE "closing_invoice_slips" (
	"slip_id" integer PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"company_unique_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "closing_invoice_slips" ADD CONSTRAINT "closing_invoice_slips_slip_id_documents_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_invoice_slips" ADD CONSTRAINT "closing_invoice_slips_invoice_id_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_invoice_slips_invoice_idx" ON "closing_invoice_slips" USING btree ("invoice_id");
