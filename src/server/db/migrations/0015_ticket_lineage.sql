ALTER TABLE "user_tickets" ADD COLUMN "previous_user_ticket_id" integer;--> statement-breakpoint
CREATE INDEX "user_tickets_previous" ON "user_tickets" USING btree ("previous_user_ticket_id");