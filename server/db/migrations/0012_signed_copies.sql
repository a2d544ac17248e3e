CREATE TABLE "signed_copy_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"signer_id" integer,
	"email_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_copy_links" ADD CONSTRAINT "signed_copy_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_copy_links" ADD CONSTRAINT "signed_copy_links_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_copy_links" ADD CONSTRAINT "signed_copy_links_signer_id_signature_request_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_request_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_copy_links" ADD CONSTRAINT "signed_copy_links_email_id_signature_request_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."signature_request_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signed_copy_links_token_unique" ON "signed_copy_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signed_copy_links_email_unique" ON "signed_copy_links" USING btree ("email_id");--> statement-breakpoint
CREATE INDEX "signed_copy_links_request_idx" ON "signed_copy_links" USING btree ("request_id");