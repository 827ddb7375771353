-- The minimal wallet transaction pair (bench/seamless.ts): the floor any seamless bet + win costs on
-- this machine, whatever the platform's own SQL does. A bet is one statement: the idempotent insert
-- of its ledger line under a unique key (a repeated key inserts nothing and so moves nothing) and
-- the conditional balance update (never read-then-write: the stake is taken only if the balance
-- covers it); the win the same with a credit. Each is its own implicit transaction, one round trip,
-- as the platform runs one statement per call.
-- Tables: bench_min_wallets(id, balance) and bench_min_ledger(key primary key, wallet, amount),
-- created by bench/seamless.ts in the bench database.
-- Variables from -D: players, stake and win (minor units).
\set p random(0, :players - 1)
\set bet_tx random(1, 9000000000000000000)
\set win_tx random(1, 9000000000000000000)

-- bet
WITH claim AS (INSERT INTO bench_min_ledger (key, wallet, amount) VALUES ('b' || :bet_tx::text, :p::integer, -:stake::bigint) ON CONFLICT (key) DO NOTHING RETURNING wallet) UPDATE bench_min_wallets w SET balance = w.balance - :stake::bigint FROM claim WHERE w.id = claim.wallet AND w.balance >= :stake::bigint;

-- win
WITH claim AS (INSERT INTO bench_min_ledger (key, wallet, amount) VALUES ('w' || :win_tx::text, :p::integer, :win::bigint) ON CONFLICT (key) DO NOTHING RETURNING wallet) UPDATE bench_min_wallets w SET balance = w.balance + :win::bigint FROM claim WHERE w.id = claim.wallet;
