ALTER TABLE "payment_attempts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "payment_attempts_payer" ON "payment_attempts" USING btree ("user_id","reference");