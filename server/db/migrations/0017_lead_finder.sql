CREATE TABLE "lead_search_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_search_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"search_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"address" text,
	"phone" text,
	"website" text,
	"email" text,
	"email_source" text,
	"email_verified" boolean,
	"latitude" double precision,
	"longitude" double precision,
	"distance_km" double precision,
	"score" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"already_lead" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"query" text NOT NULL,
	"location" text NOT NULL,
	"radius_km" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_message" text,
	"source_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"businesses_found" integer DEFAULT 0 NOT NULL,
	"websites_total" integer DEFAULT 0 NOT NULL,
	"websites_checked" integer DEFAULT 0 NOT NULL,
	"emails_found" integer DEFAULT 0 NOT NULL,
	"center_latitude" double precision,
	"center_longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_source_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_search_results" ADD CONSTRAINT "lead_search_results_search_id_lead_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."lead_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_search_results" ADD CONSTRAINT "lead_search_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_searches" ADD CONSTRAINT "lead_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_search_results_source_idx" ON "lead_search_results" USING btree ("search_id","source","source_id");--> statement-breakpoint
CREATE INDEX "lead_search_results_search_score_idx" ON "lead_search_results" USING btree ("search_id","score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lead_searches_user_created_idx" ON "lead_searches" USING btree ("user_id","created_at" DESC NULLS LAST);