DROP INDEX "signature_request_signers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "signature_request_signers_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "signature_request_signers_search_idx" ON "signature_request_signers" USING gin (to_tsvector('simple', "name" || ' ' || "email" || ' ' || translate("email", '@.-_+', '     ')));