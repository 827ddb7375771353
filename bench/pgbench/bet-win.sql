-- The raw-SQL ceiling of one seamless bet and its win (bench/seamless.ts): the statements the
-- platform runs for POST /seamless/v1/bet then /seamless/v1/win, in the same order and the same
-- transactions. Each call is one statement (the functions of migration 0008) in its own implicit
-- transaction, after the token's session lookup for the bet. The server remembers the ids of the
-- vendor's accounts and of the players' wallets, so the script gets them without a query too: bench
-- wallets and sessions are consecutive in player order, and the vendor's shard accounts were
-- opened in player order (bench/seamless.ts). Regenerate the list with
-- `npx node bench/seamless-statements.ts <scratch database url>` after changing the seamless or
-- ledger code. One pgbench transaction = one bet + win pair; variables become parameters
-- (-M prepared or extended), hence the casts.
-- Variables from -D: brand, vendor, vendor_code, currency, scale, s0, w0 and v0 (first bench
-- vendor session, wallet and vendor shard account ids), shards, players, stake and win (minor units).
-- Ids are random 63-bit numbers (text columns, as the vendor's ids are).
\set i random(0, :players - 1)
\set sid :s0 + :i
\set wallet :w0 + :i
\set vacct :v0 + :i % :shards
\set bet_tx random(1, 9000000000000000000)
\set win_tx random(1, 9000000000000000000)

-- bet: the player behind the token (before the transaction), then the whole bet in one statement
SELECT vs.member_id, m.is_agent, m.status, ws.single_wallet FROM vendor_sessions vs INNER JOIN members m ON m.id = vs.member_id LEFT JOIN wallet_settings ws ON ws.brand_id = vs.brand_id WHERE vs.token_hash = (SELECT s.token_hash FROM vendor_sessions s WHERE s.id = :sid) AND vs.vendor_id = :vendor AND vs.expires_at > now() \gset
SELECT seamless_bet(:brand::bigint, :vendor::bigint, :vendor_code::text, :bet_tx::text, '341654fbbdf0089a0c01d77456c10577920e83ac9058dc464e802f0d8c283d47', :bet_tx::text, 'slots-1', :member_id::bigint, :wallet::bigint, false, :vacct::bigint, :stake::bigint, :currency::text, :scale::integer) AS outcome;

-- win
SELECT seamless_win(:brand::bigint, :vendor::bigint, :vendor_code::text, :win_tx::text, '220a712be7e178c552f8510b535091da34c160c50975de6d8e80601257547ded', :bet_tx::text, :bet_tx::text, 'slots-1', :win::bigint, :currency::text, :scale::integer, :shards::integer) AS outcome;
