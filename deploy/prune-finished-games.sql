-- Retention for Pirates! Stratego on PostgreSQL: deletes the finished games created more than :days days ago,
-- with their actions, their seats' links to players, their results and rematch offers, in one transaction.
-- Players and their ratings stay (a rating is kept on the player, not recomputed from games); unfinished
-- games stay whatever their age. Run it while the servers run, e.g. daily from a timer:
--   psql "$DATABASE_URL" -v schema=public -v days=90 -f deploy/prune-finished-games.sql
-- It prints how many games it deleted (docs/deploy.md, "Retention").
\set ON_ERROR_STOP on
SET search_path = :"schema";
-- Finds old finished games without reading the whole table (made once, by the first run).
CREATE INDEX IF NOT EXISTS games_finished_created ON games (created_at) WHERE over;
BEGIN;
CREATE TEMP TABLE pruned ON COMMIT DROP AS
  SELECT id FROM games
  WHERE over AND created_at < (extract(epoch FROM now()) * 1000)::bigint - (:days)::bigint * 86400000;
-- Each by its key's first column (actions: (game_id, seq); the others: game_id).
DELETE FROM actions WHERE game_id IN (SELECT id FROM pruned);
DELETE FROM seat_players WHERE game_id IN (SELECT id FROM pruned);
DELETE FROM game_results WHERE game_id IN (SELECT id FROM pruned);
DELETE FROM rematches WHERE game_id IN (SELECT id FROM pruned);
DELETE FROM games WHERE id IN (SELECT id FROM pruned);
SELECT count(*) AS games_deleted FROM pruned;
COMMIT;
