CREATE INDEX "events_awaiting_first_attempt_idx" ON "events" USING btree ("key_pair_id","seq") WHERE "events"."delivery_status" = 'pending' and "events"."attempts" = 0;
