ALTER TABLE "cabins" ADD COLUMN "population_key" text GENERATED ALWAYS AS (split_part(place_key, ', ', 1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "cabins" ADD COLUMN "state_key" text GENERATED ALWAYS AS (split_part(place_key, ', ', 2)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "cabins_population_key_idx" ON "cabins" USING btree ("population_key");--> statement-breakpoint
CREATE INDEX "cabins_state_key_idx" ON "cabins" USING btree ("state_key");