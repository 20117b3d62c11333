CREATE TABLE "brand_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"app_name" text NOT NULL,
	"tagline" text NOT NULL,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"updated_by" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"collection" text NOT NULL,
	"id" text NOT NULL,
	"owner_id" text NOT NULL,
	"household_id" text,
	"seq" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL,
	"data" text NOT NULL,
	CONSTRAINT "documents_collection_id_pk" PRIMARY KEY("collection","id")
);
--> statement-breakpoint
CREATE TABLE "household_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"household_id" text NOT NULL,
	"email" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_members" (
	"household_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" bigint NOT NULL,
	"removed_seq" bigint,
	CONSTRAINT "household_members_household_id_user_id_pk" PRIMARY KEY("household_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_locks" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"lease_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_help_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"whatsapp" text,
	"issue" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monthly_reports" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "monthly_reports_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "notification_log" (
	"user_id" text NOT NULL,
	"event_key" text NOT NULL,
	"target" text NOT NULL,
	"subscription_id" text,
	"kind" text NOT NULL,
	"context" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"not_before" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"sent_at" bigint,
	CONSTRAINT "notification_log_user_id_event_key_target_pk" PRIMARY KEY("user_id","event_key","target")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"payments" boolean DEFAULT true NOT NULL,
	"budgets" boolean DEFAULT true NOT NULL,
	"reviews" boolean DEFAULT true NOT NULL,
	"settlements" boolean DEFAULT true NOT NULL,
	"tickets" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"time_zone" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_failures" (
	"account" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" bigint NOT NULL,
	CONSTRAINT "password_failures_account_source_pk" PRIMARY KEY("account","source")
);
--> statement-breakpoint
CREATE TABLE "phone_claims" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"wrong_codes" integer DEFAULT 0 NOT NULL,
	"voided_at" bigint
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"household_id" text,
	"collection" text NOT NULL,
	"document_id" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_addresses" (
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"last_sign_in_at" bigint NOT NULL,
	CONSTRAINT "sign_in_addresses_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text,
	"phone_number" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"profile" jsonb DEFAULT '{}' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" text,
	"reply" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_pending" (
	"user_id" text PRIMARY KEY NOT NULL,
	"message_sid" text NOT NULL,
	"kind" text NOT NULL,
	"payload" text NOT NULL,
	"question" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_log" ADD CONSTRAINT "notification_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_log" ADD CONSTRAINT "notification_log_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_claims" ADD CONSTRAINT "phone_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_addresses" ADD CONSTRAINT "sign_in_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_pending" ADD CONSTRAINT "whatsapp_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_seq_unique" ON "documents" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "documents_owner_seq" ON "documents" USING btree ("collection","owner_id","seq");--> statement-breakpoint
CREATE INDEX "documents_household_seq" ON "documents" USING btree ("collection","household_id","seq");--> statement-breakpoint
CREATE INDEX "documents_transactions_merchant" ON "documents" USING btree ("owner_id",lower(("data"::jsonb) ->> 'merchant')) WHERE "documents"."collection" = 'transactions' and ("documents"."data"::jsonb) ->> 'merchant' is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "household_invites_household_email" ON "household_invites" USING btree ("household_id","email");--> statement-breakpoint
CREATE INDEX "household_invites_email" ON "household_invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "household_members_user" ON "household_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_help_requests_created" ON "login_help_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notification_log_due" ON "notification_log" USING btree ("status","not_before");--> statement-breakpoint
CREATE INDEX "password_failures_last" ON "password_failures" USING btree ("last_failure_at");--> statement-breakpoint
CREATE INDEX "phone_claims_phone" ON "phone_claims" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "receipts_owner" ON "receipts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "receipts_document" ON "receipts" USING btree ("collection","document_id");--> statement-breakpoint
CREATE INDEX "receipts_household" ON "receipts" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "sign_in_addresses_last" ON "sign_in_addresses" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_number_unique" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_user_created" ON "whatsapp_messages" USING btree ("user_id","created_at");