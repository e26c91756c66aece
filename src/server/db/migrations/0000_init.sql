CREATE TABLE "benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_description" text,
	"full_description_html" text,
	"kind" text NOT NULL,
	"icon" text,
	"icon_color" text,
	"icon_bg_color" text,
	"image_url" text,
	"amount_per_ticket" integer DEFAULT 1 NOT NULL,
	"is_unlockable" boolean DEFAULT false NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"city" text NOT NULL,
	"venue" text NOT NULL,
	"address1" text,
	"latitude" double precision,
	"longitude" double precision,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"logo_url" text,
	"feature_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_dates" CHECK ("events"."ends_at" >= "events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "gate_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"time_step" integer NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"share_code" text NOT NULL,
	"price_minor" integer NOT NULL,
	"service_fee_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"status" text DEFAULT 'on_sale' NOT NULL,
	"buyer_user_id" integer,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlisted_at" timestamp with time zone,
	"sold_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"request_ip" text,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_sessions_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"site_base_url" text NOT NULL,
	"country" text NOT NULL,
	"resale_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"resale_fee_fixed_minor" integer DEFAULT 0 NOT NULL,
	"organizer_key_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"country" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"identity_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "redeem_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"redeemed_by_user_id" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_secrets_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "swap_pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"base_ticket_type_id" integer NOT NULL,
	"target_ticket_type_id" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_pairs_distinct" CHECK ("swap_pairs"."base_ticket_type_id" <> "swap_pairs"."target_ticket_type_id"),
	CONSTRAINT "swap_pairs_quantity" CHECK ("swap_pairs"."available_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "swap_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"swap_id" integer NOT NULL,
	"base_user_ticket_id" integer NOT NULL,
	"new_user_ticket_id" integer
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_identifier" text NOT NULL,
	"user_id" integer NOT NULL,
	"swap_pair_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"swap_type" text NOT NULL,
	"amount_due_minor" integer NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "swaps_order_identifier_unique" UNIQUE("order_identifier")
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description_html" text,
	"logo_url" text,
	"price_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"max_resale_price_minor" integer NOT NULL,
	"is_giftable" boolean DEFAULT false NOT NULL,
	"is_resellable" boolean DEFAULT false NOT NULL,
	"is_swappable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_types_price" CHECK ("ticket_types"."price_minor" >= 0 and "ticket_types"."max_resale_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"received_user_ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ticket_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"benefit_id" integer NOT NULL,
	"purchased_amount" integer NOT NULL,
	"used_amount" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"redeem_code" text,
	"unlocked_at" timestamp with time zone,
	CONSTRAINT "user_ticket_benefits_usage" CHECK ("user_ticket_benefits"."used_amount" >= 0 and "user_ticket_benefits"."used_amount" <= "user_ticket_benefits"."purchased_amount")
);
--> statement-breakpoint
CREATE TABLE "user_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"source" text DEFAULT 'purchase' NOT NULL,
	"purchase_price_minor" integer NOT NULL,
	"event_access_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"given_name" text,
	"family_name" text,
	"middle_name" text,
	"nickname" text NOT NULL,
	"unique_suffix" text NOT NULL,
	"picture_key" text,
	"phone_number" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"birthdate" text,
	"gender" text,
	"address" text,
	"website" text,
	"profile_url" text,
	"zone_info" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
ALTER TABLE "benefits" ADD CONSTRAINT "benefits_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_scans" ADD CONSTRAINT "gate_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_scans" ADD CONSTRAINT "gate_scans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_scans" ADD CONSTRAINT "gate_scans_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_secrets" ADD CONSTRAINT "redeem_secrets_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_secrets" ADD CONSTRAINT "redeem_secrets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_secrets" ADD CONSTRAINT "redeem_secrets_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_pairs" ADD CONSTRAINT "swap_pairs_base_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("base_ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_pairs" ADD CONSTRAINT "swap_pairs_target_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("target_ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_tickets" ADD CONSTRAINT "swap_tickets_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_tickets" ADD CONSTRAINT "swap_tickets_base_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("base_user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_tickets" ADD CONSTRAINT "swap_tickets_new_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("new_user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swaps" ADD CONSTRAINT "swaps_swap_pair_id_swap_pairs_id_fk" FOREIGN KEY ("swap_pair_id") REFERENCES "public"."swap_pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_received_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("received_user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ticket_benefits" ADD CONSTRAINT "user_ticket_benefits_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ticket_benefits" ADD CONSTRAINT "user_ticket_benefits_benefit_id_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tickets" ADD CONSTRAINT "user_tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tickets" ADD CONSTRAINT "user_tickets_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_org_slug" ON "events" USING btree ("organisation_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_scans_token" ON "gate_scans" USING btree ("user_id","event_id","time_step");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "listings_seller_status" ON "listings" USING btree ("seller_user_id","status");--> statement-breakpoint
CREATE INDEX "listings_share_code" ON "listings" USING btree ("share_code");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_one_on_sale" ON "listings" USING btree ("user_ticket_id") WHERE "listings"."status" = 'on_sale';--> statement-breakpoint
CREATE INDEX "login_sessions_email_created" ON "login_sessions" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "login_sessions_ip_created" ON "login_sessions" USING btree ("request_ip","created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_pairs_base_target" ON "swap_pairs" USING btree ("base_ticket_type_id","target_ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_ticket_benefits_ticket_benefit" ON "user_ticket_benefits" USING btree ("user_ticket_id","benefit_id");--> statement-breakpoint
CREATE INDEX "user_tickets_owner_status" ON "user_tickets" USING btree ("owner_user_id","status");--> statement-breakpoint
CREATE INDEX "user_tickets_type" ON "user_tickets" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_nickname_suffix" ON "users" USING btree ("nickname","unique_suffix");--> statement-breakpoint
CREATE UNIQUE INDEX "users_suffix" ON "users" USING btree ("unique_suffix");