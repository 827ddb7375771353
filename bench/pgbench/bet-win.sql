-- The raw-SQL ceiling of one seamless bet and its win (bench/seamless.ts): the statements the
-- platform runs for POST /seamless/v1/bet then /seamless/v1/win, in the same order. Each call is
-- one statement, the functions under apps/api/src/domains/vendors/sql, in its own implicit transaction; the bet finds
-- the player behind the token's hash and its wallet itself. The token hash comes from the bench
-- session's row (bench sessions are consecutive in player order, bench/seamless.ts), as the server
-- computes it from the token. Regenerate the list with
-- `npx node bench/seamless-statements.ts <scratch database url>` after changing the seamless or
-- ledger code. One pgbench transaction = one bet + win pair; variables become parameters
-- (-M prepared or extended), hence the casts.
-- Variables from -D: brand, vendor, vendor_code, currency, scale, s0 (first bench vendor
-- session id), shards, players, stake and win (minor units).
-- Ids are random 63-bit numbers (text columns, as the vendor's ids are).
\set i random(0, :players - 1)
\set sid :s0 + :i
\set bet_tx random(1, 9000000000000000000)
\set win_tx random(1, 9000000000000000000)

-- bet
SELECT seamless_bet(:brand::bigint, :vendor::bigint, :vendor_code::text, :bet_tx::text, '341654fbbdf0089a0c01d77456c10577920e83ac9058dc464e802f0d8c283d47', :bet_tx::text, 'slots-1', (SELECT token_hash FROM vendor_sessions WHERE id = :sid::bigint), 4, :stake::bigint, :currency::text, :scale::integer, :shards::integer, NULL::bigint) AS outcome;

-- win
SELECT seamless_win(:brand::bigint, :vendor::bigint, :vendor_code::text, :win_tx::text, '220a712be7e178c552f8510b535091da34c160c50975de6d8e80601257547ded', :bet_tx::text, :bet_tx::text, 'slots-1', :win::bigint, :currency::text, :scale::integer, :shards::integer, NULL) AS outcome;
