CREATE TABLE "creator_connect_accounts" (
	"creator_id" integer PRIMARY KEY NOT NULL,
	"account_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "creator_connect_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "creator_connect_accounts" ADD CONSTRAINT "creator_connect_accounts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creator_payouts" ADD COLUMN "transfer_id" varchar(255);--> statement-breakpoint
CREATE UNIQUE INDEX "creator_payouts_transfer_idx" ON "creator_payouts" USING btree ("transfer_id") WHERE "creator_payouts"."transfer_id" is not null;
