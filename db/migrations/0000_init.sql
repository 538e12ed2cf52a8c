CREATE TABLE "events" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"actor" jsonb,
	"engine_version" text NOT NULL,
	"command_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"ruleset" text NOT NULL,
	"ruleset_version" text NOT NULL,
	"scenario" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"status" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" text,
	"branch_seq" integer,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_links" (
	"token" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"view" text NOT NULL,
	"at_seq" integer,
	"can_annotate" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"side" text NOT NULL,
	"commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"holder" text,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"game_id" text NOT NULL,
	"seq" integer NOT NULL,
	"state" jsonb NOT NULL,
	"engine_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "snapshots_game_id_seq_pk" PRIMARY KEY("game_id","seq")
);
--> statement-breakpoint
CREATE TABLE "yjs_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc" text NOT NULL,
	"update" "bytea" NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_links" ADD CONSTRAINT "replay_links_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_command_idx" ON "events" USING btree ("game_id","command_id");--> statement-breakpoint
CREATE INDEX "games_updated_idx" ON "games" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "replay_links_game_idx" ON "replay_links" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "seats_game_idx" ON "seats" USING btree ("game_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_token_idx" ON "seats" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "yjs_updates_doc_idx" ON "yjs_updates" USING btree ("doc","id");