ALTER TABLE "rate_limit_counters" SET UNLOGGED;
