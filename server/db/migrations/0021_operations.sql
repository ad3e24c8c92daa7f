CREATE TABLE "auth_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"user_id" integer,
	"email" varchar(254),
	"ip" varchar(64) NOT NULL,
	"user_agent" varchar(300),
	"actor_id" integer,
	"detail" varchar(200),
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer,
	"release" varchar(64),
	"url" varchar(500),
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "error_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"source" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"message" varchar(500) NOT NULL,
	"top_frame" varchar(300) DEFAULT '' NOT NULL,
	"stack" text,
	"last_release" varchar(64),
	"last_url" varchar(500),
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"occurrences" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"reopened_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_group" varchar(80) NOT NULL,
	"old_max" integer NOT NULL,
	"new_max" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_rejections" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_group" varchar(80) NOT NULL,
	"key" varchar(64) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_settings" (
	"route_group" varchar(80) PRIMARY KEY NOT NULL,
	"max" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_events" ADD CONSTRAINT "auth_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_group_id_error_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."error_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_groups" ADD CONSTRAINT "error_groups_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limit_changes" ADD CONSTRAINT "rate_limit_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limit_settings" ADD CONSTRAINT "rate_limit_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_events_time_idx" ON "auth_events" USING btree ("occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_events_user_idx" ON "auth_events" USING btree ("user_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_events_ip_idx" ON "auth_events" USING btree ("ip","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_events_kind_idx" ON "auth_events" USING btree ("kind","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_events_group_idx" ON "error_events" USING btree ("group_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_events_time_idx" ON "error_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "error_groups_fingerprint_idx" ON "error_groups" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "error_groups_last_seen_idx" ON "error_groups" USING btree ("last_seen" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "error_groups_status_idx" ON "error_groups" USING btree ("status","last_seen" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limit_changes_time_idx" ON "rate_limit_changes" USING btree ("changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limit_rejections_time_idx" ON "rate_limit_rejections" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "rate_limit_rejections_group_idx" ON "rate_limit_rejections" USING btree ("route_group","occurred_at");