ALTER TABLE "companies" ADD COLUMN "frame_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "signer_links_in_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_request_batches" ADD COLUMN "links_by_company" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD COLUMN "links_by_company" boolean DEFAULT false NOT NULL;