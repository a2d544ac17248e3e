ALTER TABLE "signature_request_signers" ADD COLUMN "otp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD COLUMN "otp_failures_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signer_otp_codes" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;