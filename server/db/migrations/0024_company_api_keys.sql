CREATE TABLE "company_api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "companies_api_key_hash_unique";--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_api_keys_hash_unique" ON "company_api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "company_api_keys_company_idx" ON "company_api_keys" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "company_api_keys_live_idx" ON "company_api_keys" USING btree ("company_id") WHERE "company_api_keys"."revoked_at" IS NULL;--> statement-breakpoint
-- Each company's key so far becomes its key named «Principal», before the old column goes.
INSERT INTO "company_api_keys" ("company_id", "name", "prefix", "hash", "created_at")
SELECT "id", 'Principal', COALESCE("api_key_prefix", 'rk_'), "api_key_hash",
       COALESCE("api_key_created_at", "created_at")
FROM "companies" WHERE "api_key_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "api_key_hash";
