ALTER TABLE "document_package_documents" ADD COLUMN "pdf_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD COLUMN "file_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD COLUMN "rendered_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD COLUMN "sealed_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD COLUMN "signature_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD COLUMN "selfie_bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "document_package_documents_company_bytes_idx" ON "document_package_documents" USING btree ("company_id","pdf_bytes");--> statement-breakpoint
CREATE INDEX "signature_request_documents_company_bytes_idx" ON "signature_request_documents" USING btree ("company_id","rendered_bytes","sealed_bytes");--> statement-breakpoint
CREATE INDEX "signature_request_signers_company_bytes_idx" ON "signature_request_signers" USING btree ("company_id","signature_bytes","selfie_bytes");