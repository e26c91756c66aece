CREATE TABLE "host_sign_in_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "host_sign_in_tokens_expires" ON "host_sign_in_tokens" USING btree ("expires_at");