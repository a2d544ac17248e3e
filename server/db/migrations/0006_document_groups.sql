CREATE TABLE "document_folder_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder_id" integer NOT NULL,
	"user_id" integer,
	"user_group_id" integer,
	"can_view" boolean DEFAULT true NOT NULL,
	"can_send" boolean DEFAULT false NOT NULL,
	"can_edit" boolean DEFAULT false NOT NULL,
	CONSTRAINT "document_folder_permissions_one_grantee" CHECK (num_nonnulls("document_folder_permissions"."user_id", "document_folder_permissions"."user_group_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "document_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_package_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_package_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" integer NOT NULL,
	"template_version_id" integer,
	"pdf_key" text,
	"pdf_name" text,
	"pdf_pages" integer,
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_package_documents_one_source" CHECK (num_nonnulls("document_package_documents"."template_version_id", "document_package_documents"."pdf_key") = 1)
);
--> statement-breakpoint
CREATE TABLE "document_package_signer_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"number" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"kind" text DEFAULT 'signer' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"authentication" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"folder_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"signing_order" text DEFAULT 'sequential' NOT NULL,
	"expiry_days" integer DEFAULT 30 NOT NULL,
	"reminder_days" integer,
	"auto_sign_enabled" boolean DEFAULT false NOT NULL,
	"auto_sign_approver_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"deleted_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_folder_permissions" ADD CONSTRAINT "document_folder_permissions_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folder_permissions" ADD CONSTRAINT "document_folder_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folder_permissions" ADD CONSTRAINT "document_folder_permissions_user_group_id_user_groups_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_folders" ADD CONSTRAINT "document_folders_parent_id_document_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_changes" ADD CONSTRAINT "document_package_changes_package_id_document_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."document_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_changes" ADD CONSTRAINT "document_package_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_documents" ADD CONSTRAINT "document_package_documents_package_id_document_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."document_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_documents" ADD CONSTRAINT "document_package_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_documents" ADD CONSTRAINT "document_package_documents_template_version_id_document_template_versions_id_fk" FOREIGN KEY ("template_version_id") REFERENCES "public"."document_template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_package_signer_roles" ADD CONSTRAINT "document_package_signer_roles_package_id_document_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."document_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_packages" ADD CONSTRAINT "document_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_packages" ADD CONSTRAINT "document_packages_folder_id_document_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."document_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_packages" ADD CONSTRAINT "document_packages_auto_sign_approver_id_users_id_fk" FOREIGN KEY ("auto_sign_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_packages" ADD CONSTRAINT "document_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_packages" ADD CONSTRAINT "document_packages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folder_permissions_user_unique" ON "document_folder_permissions" USING btree ("folder_id","user_id") WHERE "document_folder_permissions"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folder_permissions_group_unique" ON "document_folder_permissions" USING btree ("folder_id","user_group_id") WHERE "document_folder_permissions"."user_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_root_unique" ON "document_folders" USING btree ("company_id") WHERE "document_folders"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_folders_sibling_name_unique" ON "document_folders" USING btree ("parent_id",lower("name"));--> statement-breakpoint
CREATE INDEX "document_folders_company_idx" ON "document_folders" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "document_package_changes_package_idx" ON "document_package_changes" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "document_package_documents_package_idx" ON "document_package_documents" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_package_signer_roles_number_unique" ON "document_package_signer_roles" USING btree ("package_id","number");--> statement-breakpoint
CREATE INDEX "document_packages_folder_idx" ON "document_packages" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "document_packages_company_idx" ON "document_packages" USING btree ("company_id");