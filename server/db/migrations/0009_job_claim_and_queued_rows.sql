DROP INDEX "jobs_claim_idx";--> statement-breakpoint
CREATE INDEX "signature_request_batch_rows_queued_idx" ON "signature_request_batch_rows" USING btree ("batch_id") WHERE "signature_request_batch_rows"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at","id");