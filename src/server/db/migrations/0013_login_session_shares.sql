ALTER TABLE "login_sessions" ADD COLUMN "sends" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_sessions" ADD COLUMN "owner" boolean DEFAULT false NOT NULL;