CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "currency_code" text DEFAULT 'AUD' NOT NULL;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "swaps" SET "expires_at" = "created_at" + interval '30 minutes';--> statement-breakpoint
ALTER TABLE "swaps" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "payment_id" integer;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "swaps" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tickets" ADD COLUMN "reserved_by_swap_id" integer;--> statement-breakpoint
ALTER TABLE "user_tickets" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
-- The lifecycle's states in the status column: tickets admitted at the gate are used (a listed one is unlisted), and
-- the tickets of swaps started less than 30 minutes ago are reserved by them.
UPDATE "listings" SET "status" = 'unlisted', "unlisted_at" = now() WHERE "status" = 'on_sale' AND "user_ticket_id" IN (SELECT "id" FROM "user_tickets" WHERE "status" = 'listed' AND "event_access_used_at" IS NOT NULL);--> statement-breakpoint
UPDATE "user_tickets" SET "status" = 'used' WHERE "status" IN ('valid', 'listed') AND "event_access_used_at" IS NOT NULL;--> statement-breakpoint
UPDATE "user_tickets" AS t SET "status" = 'reserved', "reserved_by_swap_id" = s."id", "reserved_until" = s."expires_at" FROM "swap_tickets" AS st JOIN "swaps" AS s ON s."id" = st."swap_id" WHERE st."base_user_ticket_id" = t."id" AND t."status" = 'valid' AND s."status" = 'started' AND s."expires_at" > now();--> statement-breakpoint
UPDATE "swaps" SET "status" = 'expired', "ended_at" = now() WHERE "status" = 'started' AND "expires_at" <= now();
