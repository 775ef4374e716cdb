/**
 * What `pirates bench-server` says about itself, apart from the benchmark: `pirates --help` and
 * `pirates bench-server --help` print it without loading the server's libraries (pg, Redis, ws).
 */
export const BENCH_SERVER_SUMMARY = 'Server benchmark: concurrent games over sockets (npm run bench:server)';

export const BENCH_SERVER_USAGE = `Usage: pirates bench-server [--games N] [--seconds S] [--think MS] [--saturation-games M]
                             [--warm-up S] [--url URL] [--processes P] [--shared] [--routed]
                             [--rounds R] [--hostile] [--json]

Starts the server in a second process on a temp database (or uses the running server at --url) and plays
two runs over WebSockets, both seats of every game from this process (quick shots, random players):
  paced       N games (default 1000) whose players wait about MS ms before each action (default 1000,
              drawn between half and one and a half times it: a quick person, or the computer's pause),
  saturation  M games (default 100) of instant players: the most actions per second the server carries
              (latency there is queueing: about M / throughput); --saturation-games 0 skips it.
Each run measures S seconds (default 20) after its ramp-up and prints actions per second, p50/p99/max
from act to update, and every error by code. --think 0 makes the paced run instant as well. Measuring
begins --warm-up S seconds after every game is connected (default 2 s and four pauses, at most 30 s: the
players' first actions, all at once, take that long to spread out).
--processes P (2 or more) also runs against P server processes sharing PostgreSQL and Redis
(DATABASE_URL and REDIS_URL, default postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379;
a fresh schema, dropped afterwards), each game's seats on different processes; it then also reports the CPU
per action of PostgreSQL (the backends serving those processes, found by their application_name, and the
cluster's background processes, timed from /proc: the database must run on this machine) and of the whole
Redis server (INFO cpu), and the write-ahead log PostgreSQL wrote per action (pg_current_wal_lsn: the whole
database's), and then each run beside the SQLite process's run of the same command (taking turns, below):
throughput, p50 and p99 as ratios. Every saturation run also prints at most what the server side could carry
with its players elsewhere (as real players are), a model from its measured CPU per action: the machine's
cores over the servers', PostgreSQL's and Redis's, or the busiest process's event loop (its main thread)
over its own, whichever binds first. On one machine the players share the cores, which costs a deployment
whose servers use every core (the shared one) more than one bound by its single event loop (SQLite).
--shared runs the shared deployment at --processes 1 too (one process on PostgreSQL and Redis beside one on
SQLite): what the store alone costs, told apart from what several processes on the same cores cost.
--routed plays both seats of each game on the process it was created on (games still spread over the
processes), as a proxy routing by game id sends them; without it every move crosses processes (the worst case).
--rounds R (default 1) plays each run R times, the deployments taking turns (in odd rounds SQLite first, in
even rounds the others first, so a drift of the machine's speed weighs on both alike); all deployments are
started at the beginning and stay up, idle while another is measured. Each round is compared on its own,
then the median of each ratio over the rounds is given.
BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') is passed to node for the servers.
The benchmark's own server processes raise the per-address game creation limit and the per-connection
message rate (all games come from one address; instant players are faster than people) and say so;
against --url the server's own limits apply. Exit code 1 if any run had an error.
--hostile runs the paced load twice on a server that keeps every public limit, alone and then beside one
abusive client (a process of its own: it floods a socket it never reads, sends frames past the hard limit,
opens sockets that never say hello, sends junk, and asks for the longest live game's history from 40
spectator sockets twice a second each), so the honest players' p50/p99 and the server's peak memory
can be compared with and without it; each honest game comes from a loopback address of its own (Linux), as
people do, and --think must be 100 or more (a person's pace). No saturation run then.`;
