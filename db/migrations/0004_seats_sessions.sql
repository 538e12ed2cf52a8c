CREATE TABLE "browser_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seat_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"kind" text NOT NULL,
	"by" text NOT NULL,
	"seat_id" text NOT NULL,
	"side" text NOT NULL,
	"label" text NOT NULL,
	"commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_tokens" (
	"session_hash" text NOT NULL,
	"token" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_tokens_session_hash_token_pk" PRIMARY KEY("session_hash","token")
);
--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seat_changes" ADD CONSTRAINT "seat_changes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tokens" ADD CONSTRAINT "session_tokens_session_hash_browser_sessions_id_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."browser_sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_changes_game_idx" ON "seat_changes" USING btree ("game_id","id");