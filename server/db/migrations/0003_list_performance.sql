-- Trigram indexes for the lists' ILIKE searches; pg_trgm is a trusted extension (a database owner may create it) and PGlite loads it (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "companies_live_id_idx" ON "companies" USING btree ("id") WHERE "companies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "companies_deleted_idx" ON "companies" USING btree ("id") WHERE "companies"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_fiscal_name_trgm_idx" ON "companies" USING gin ("fiscal_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_tax_id_trgm_idx" ON "companies" USING gin ("tax_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_live_id_idx" ON "users" USING btree ("id","company_id") WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_live_full_name_idx" ON "users" USING btree (lower("name" || ' ' || "last_name"),"id","company_id") WHERE "users"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_id_number_trgm_idx" ON "users" USING gin ("id_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);