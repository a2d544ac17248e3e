CREATE INDEX "signature_request_signers_name_trgm_idx" ON "signature_request_signers" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_request_signers_email_trgm_idx" ON "signature_request_signers" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signature_requests_created_idx" ON "signature_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "signature_requests_status_created_idx" ON "signature_requests" USING btree ("status","created_at","id");