CREATE TABLE "marketing_strategies" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"recommended_emails_per_week" integer DEFAULT 3 NOT NULL,
	"recommended_target_audience" text DEFAULT '' NOT NULL,
	"recommended_tone" text DEFAULT 'professional' NOT NULL,
	"recommended_followup_strategy" text DEFAULT '' NOT NULL,
	"custom_adjustments" text,
	"writer" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_tips" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"current_price" numeric NOT NULL,
	"price_change" numeric NOT NULL,
	"price_change_percent" numeric NOT NULL,
	"volume" bigint,
	"market_cap" bigint,
	"pe_ratio" numeric,
	"recommendation" text NOT NULL,
	"target_price" numeric,
	"ai_analysis" text NOT NULL,
	"source" text NOT NULL,
	"quote_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_strategies" ADD CONSTRAINT "marketing_strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_tips" ADD CONSTRAINT "stock_tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;