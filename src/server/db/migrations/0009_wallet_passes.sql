CREATE TABLE "wallet_pass_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_passes" (
	"user_ticket_id" integer PRIMARY KEY NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_pass_registrations" ADD CONSTRAINT "wallet_pass_registrations_user_ticket_id_wallet_passes_user_ticket_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."wallet_passes"("user_ticket_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD CONSTRAINT "wallet_passes_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_pass_registrations_device_pass" ON "wallet_pass_registrations" USING btree ("device_library_id","pass_type_id","user_ticket_id");--> statement-breakpoint
CREATE INDEX "wallet_pass_registrations_pass" ON "wallet_pass_registrations" USING btree ("user_ticket_id");