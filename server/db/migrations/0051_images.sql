CREATE TABLE "images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"story_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"alt" varchar(300) DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "images_kind_check" CHECK ("images"."kind" in ('story', 'avatar'))
);--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_story_idx" ON "images" USING btree ("story_id","position");--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "images_one_avatar_idx" ON "images" USING btree ("owner_id") WHERE "images"."kind" = 'avatar';
