CREATE TABLE "door_admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"holder_user_id" integer NOT NULL,
	"certificate_id" integer NOT NULL,
	"scanner_id" text NOT NULL,
	"time_step" integer NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "door_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_ticket_id" integer NOT NULL,
	"holder_user_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"device_public_key" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "entry_code" text DEFAULT 'polling' NOT NULL;--> statement-breakpoint
ALTER TABLE "door_admissions" ADD CONSTRAINT "door_admissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_admissions" ADD CONSTRAINT "door_admissions_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_admissions" ADD CONSTRAINT "door_admissions_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_admissions" ADD CONSTRAINT "door_admissions_certificate_id_door_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."door_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_certificates" ADD CONSTRAINT "door_certificates_user_ticket_id_user_tickets_id_fk" FOREIGN KEY ("user_ticket_id") REFERENCES "public"."user_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_certificates" ADD CONSTRAINT "door_certificates_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "door_certificates" ADD CONSTRAINT "door_certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "door_admissions_once" ON "door_admissions" USING btree ("scanner_id","certificate_id","time_step");--> statement-breakpoint
CREATE INDEX "door_admissions_ticket" ON "door_admissions" USING btree ("event_id","user_ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "door_certificates_live" ON "door_certificates" USING btree ("user_ticket_id") WHERE "door_certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "door_certificates_event" ON "door_certificates" USING btree ("event_id");