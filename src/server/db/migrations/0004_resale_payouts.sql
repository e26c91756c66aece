CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"seller_user_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"provider" text,
	"provider_transfer_id" text,
	CONSTRAINT "payouts_listing_id_unique" UNIQUE("listing_id"),
	CONSTRAINT "payouts_amount" CHECK ("payouts"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "buyer_user_ticket_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_due" ON "payouts" USING btree ("status","release_after");