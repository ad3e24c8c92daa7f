CREATE TABLE "commentary_battle_streams" (
	"battle_id" integer PRIMARY KEY NOT NULL,
	"auto_publish" boolean DEFAULT false NOT NULL,
	"auto_publish_model" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commentary_lines" ALTER COLUMN "challenge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commentary_lines" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD COLUMN "battle_id" integer;--> statement-breakpoint
ALTER TABLE "commentary_battle_streams" ADD CONSTRAINT "commentary_battle_streams_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_battle_streams" ADD CONSTRAINT "commentary_battle_streams_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commentary_lines" ADD CONSTRAINT "commentary_lines_battle_id_battles_id_fk" FOREIGN KEY ("battle_id") REFERENCES "public"."battles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commentary_lines_battle_event_idx" ON "commentary_lines" USING btree ("battle_id","event_key");--> statement-breakpoint
CREATE INDEX "commentary_lines_battle_idx" ON "commentary_lines" USING btree ("battle_id","status","id");
