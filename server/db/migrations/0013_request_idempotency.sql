ALTER TABLE "signature_requests" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_idempotency_unique" ON "signature_requests" USING btree ("company_id","idempotency_key") WHERE "signature_requests"."idempotency_key" IS NOT NULL;