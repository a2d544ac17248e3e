ALTER TABLE "mail_outbox" ADD COLUMN "open_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "last_opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "signature_download_logs_request_idx" ON "signature_download_logs" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "signature_request_emails_company_idx" ON "signature_request_emails" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_request_emails_mail_idx" ON "signature_request_emails" USING btree ("mail_id");