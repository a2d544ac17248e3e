CREATE TABLE "pdf_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"file_key" text NOT NULL,
	"sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"batch_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_templates_page_count_positive" CHECK ("pdf_templates"."page_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "signature_download_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"document_id" integer,
	"signer_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"ip" "inet",
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_rejection_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"reason" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_batch_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"values" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"request_id" integer
);
--> statement-breakpoint
CREATE TABLE "signature_request_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"package_id" integer,
	"source" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"file_name" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signature_request_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"template_version_id" integer,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rendered_key" text NOT NULL,
	"rendered_sha256" text NOT NULL,
	"page_count" integer NOT NULL,
	"field_boxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sealed_key" text,
	"sealed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_emails" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"signer_id" integer,
	"kind" text NOT NULL,
	"mail_id" bigint,
	"to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"signer_id" integer,
	"user_id" integer,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" "inet",
	"user_agent" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_request_signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"turn" integer NOT NULL,
	"kind" text DEFAULT 'signer' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"id_type" text,
	"id_number" text,
	"authentication" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"token_round" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signature_key" text,
	"signature_kind" text,
	"selfie_key" text,
	"selfie_sha256" text,
	"consent_version" text,
	"otp_channel" text,
	"otp_destination" text,
	"ip" "inet",
	"user_agent" text,
	"rejection_reason" text,
	"invited_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"package_id" integer,
	"package_version" integer,
	"batch_id" integer,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"signing_order" text DEFAULT 'sequential' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminder_days" integer,
	"last_reminder_at" timestamp with time zone,
	"auto_sign" boolean DEFAULT false NOT NULL,
	"auto_sign_approver_id" integer,
	"auto_sign_status" text,
	"validation_code" text NOT NULL,
	"seal_status" text DEFAULT 'not_ready' NOT NULL,
	"created_by" integer,
	"api_client" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"cancelled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"sealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signer_otp_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"code_hmac" text NOT NULL,
	"session_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD CONSTRAINT "pdf_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD CONSTRAINT "pdf_templates_batch_id_signature_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."signature_request_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_templates" ADD CONSTRAINT "pdf_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_download_logs" ADD CONSTRAINT "signature_download_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_download_logs" ADD CONSTRAINT "signature_download_logs_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_download_logs" ADD CONSTRAINT "signature_download_logs_document_id_signature_request_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."signature_request_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_download_logs" ADD CONSTRAINT "signature_download_logs_signer_id_signature_request_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_request_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_download_logs" ADD CONSTRAINT "signature_download_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_rejection_reasons" ADD CONSTRAINT "signature_rejection_reasons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_batch_rows" ADD CONSTRAINT "signature_request_batch_rows_batch_id_signature_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."signature_request_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_batch_rows" ADD CONSTRAINT "signature_request_batch_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_batches" ADD CONSTRAINT "signature_request_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_batches" ADD CONSTRAINT "signature_request_batches_package_id_document_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."document_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_batches" ADD CONSTRAINT "signature_request_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_documents" ADD CONSTRAINT "signature_request_documents_template_version_id_document_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."document_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_emails" ADD CONSTRAINT "signature_request_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_emails" ADD CONSTRAINT "signature_request_emails_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_emails" ADD CONSTRAINT "signature_request_emails_signer_id_signature_request_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_request_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_emails" ADD CONSTRAINT "signature_request_emails_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_signer_id_signature_request_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_request_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_events" ADD CONSTRAINT "signature_request_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_request_id_signature_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."signature_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_request_signers" ADD CONSTRAINT "signature_request_signers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_package_id_document_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."document_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_batch_id_signature_request_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."signature_request_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_auto_sign_approver_id_users_id_fk" FOREIGN KEY ("auto_sign_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_otp_codes" ADD CONSTRAINT "signer_otp_codes_signer_id_signature_request_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_request_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdf_templates_company_idx" ON "pdf_templates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_download_logs_company_idx" ON "signature_download_logs" USING btree ("company_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_rejection_reasons_unique" ON "signature_rejection_reasons" USING btree ("company_id",lower("reason"));--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_batch_rows_number_unique" ON "signature_request_batch_rows" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_batch_rows_request_unique" ON "signature_request_batch_rows" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "signature_request_batches_company_idx" ON "signature_request_batches" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_documents_position_unique" ON "signature_request_documents" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "signature_request_documents_sealed_sha_idx" ON "signature_request_documents" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE INDEX "signature_request_emails_request_idx" ON "signature_request_emails" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_events_sequence_unique" ON "signature_request_events" USING btree ("request_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_request_signers_token_unique" ON "signature_request_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signature_request_signers_request_idx" ON "signature_request_signers" USING btree ("request_id","turn");--> statement-breakpoint
CREATE INDEX "signature_request_signers_email_idx" ON "signature_request_signers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "signature_requests_validation_code_unique" ON "signature_requests" USING btree ("validation_code");--> statement-breakpoint
CREATE INDEX "signature_requests_company_created_idx" ON "signature_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "signature_requests_company_status_idx" ON "signature_requests" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "signature_requests_batch_idx" ON "signature_requests" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "signature_requests_expiry_idx" ON "signature_requests" USING btree ("expires_at") WHERE "signature_requests"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "signer_otp_codes_signer_idx" ON "signer_otp_codes" USING btree ("signer_id","created_at");