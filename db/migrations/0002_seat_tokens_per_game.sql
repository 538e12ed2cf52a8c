DROP INDEX "seats_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "seats_game_token_idx" ON "seats" USING btree ("game_id","token_hash");