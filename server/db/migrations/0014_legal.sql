CREATE TABLE "legal_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"ip" varchar(64),
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"full_name" varchar(120) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"challenge_id" integer,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_consents" ADD CONSTRAINT "legal_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_consents" ADD CONSTRAINT "legal_consents_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_documents" ADD CONSTRAINT "legal_documents_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_document_id_legal_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_signatures" ADD CONSTRAINT "waiver_signatures_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_consents_user_document_idx" ON "legal_consents" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "legal_documents_kind_version_idx" ON "legal_documents" USING btree ("kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_signatures_user_document_idx" ON "waiver_signatures" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE INDEX "waiver_signatures_user_idx" ON "waiver_signatures" USING btree ("user_id","signed_at");--> statement-breakpoint
-- Version 1 of each document: the terms and privacy policy as their pages show them today (a label; the pages hold the text),
-- and a first liability waiver that administrators replace by publishing version 2.
INSERT INTO "legal_documents" ("kind", "version", "body", "summary", "published_at") VALUES
('terms', 1, 'Version 1 of the Terms of Service: the text on the Terms of Service page.', 'The first published version of the Terms of Service.', now()),
('privacy', 1, 'Version 1 of the Privacy Policy: the text on the Privacy Policy page.', 'The first published version of the Privacy Policy.', now()),
('waiver', 1, E'## Assumption of risk\n\nHigh-intensity training, lifting and timed workouts carry a risk of injury, including strains, sprains, fractures, heart problems and, rarely, death. I take part in RepForge challenges of my own free will and accept these risks.\n\n## Fitness to train\n\nI confirm that I am fit to train, that I will stop and seek help if I feel unwell, and that I have asked a doctor when I was unsure.\n\n## Equipment and place\n\nI am responsible for my equipment, my training space and the people around me while I train.\n\n## Release\n\nTo the extent the law allows, I release RepForge, challenge creators and judges from claims for injury or loss arising from my participation, except where caused by their gross negligence or intent.', 'The first liability waiver.', now());
