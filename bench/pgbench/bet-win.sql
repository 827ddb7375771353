-- The raw-SQL ceiling of one seamless bet and its win (bench/seamless.ts): the statements the
-- platform runs for POST /seamless/v1/bet then /seamless/v1/win, in the same order and the same
-- transactions, with the wallet and the vendor's account of the player's shard locked in the same
-- order (every bench wallet was opened before the vendor's accounts, so it has the lower id). The
-- server remembers the ids of the vendor's accounts and of the players' wallets, so the script gets
-- them without a query too: bench wallets and sessions are consecutive in player order, and the
-- vendor's shard accounts were opened in player order (bench/seamless.ts). Regenerate the list with
-- `npx node bench/seamless-statements.ts <scratch database url>` after changing the seamless or
-- ledger code. One pgbench transaction = one bet + win pair.
-- Variables from -D: brand, vendor, currency, s0, w0 and v0 (first bench vendor session, wallet and
-- vendor shard account ids), shards, players, stake and win (minor units), and the
-- JSON the server stores: metadata, bet_answer, win_answer (pgbench reads `:x` inside literals too).
-- Ids are random 63-bit numbers (text columns, as the vendor's ids are).
\set i random(0, :players - 1)
\set sid :s0 + :i
\set wallet :w0 + :i
\set vacct :v0 + :i % :shards
\set bet_tx random(1, 9000000000000000000)
\set win_tx random(1, 9000000000000000000)
\set minus_stake 0 - :stake
\set minus_win 0 - :win

-- bet: the player behind the token (before the transaction)
SELECT vs.member_id, m.is_agent, m.status, ws.single_wallet FROM vendor_sessions vs INNER JOIN members m ON m.id = vs.member_id LEFT JOIN wallet_settings ws ON ws.brand_id = vs.brand_id WHERE vs.token_hash = (SELECT s.token_hash FROM vendor_sessions s WHERE s.id = :sid) AND vs.vendor_id = :vendor AND vs.expires_at > now() \gset
BEGIN;
INSERT INTO seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state) VALUES (:brand, :vendor, :bet_tx, 'bet', '341654fbbdf0089a0c01d77456c10577920e83ac9058dc464e802f0d8c283d47', 'open') ON CONFLICT (vendor_id, transaction_id) DO NOTHING RETURNING id AS bet_row \gset
INSERT INTO seamless_rounds (brand_id, vendor_id, round_id, game_id) VALUES (:brand, :vendor, :bet_tx, 'slots-1') ON CONFLICT (vendor_id, round_id) DO NOTHING;
SELECT status FROM seamless_rounds WHERE vendor_id = :vendor AND round_id = :bet_tx FOR SHARE;
SAVEPOINT seamless_post;
INSERT INTO journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata) VALUES (:brand, 'seamless_bet', 'seamless:' || :vendor || ':' || :bet_tx, '341654fbbdf0089a0c01d77456c10577920e83ac9058dc464e802f0d8c283d47', :bet_tx, :metadata) ON CONFLICT (brand_id, idempotency_key) DO NOTHING RETURNING id AS bet_entry \gset
UPDATE ledger_accounts SET balance = balance + :minus_stake::bigint WHERE id = :wallet AND balance >= :stake::bigint RETURNING balance AS wallet_after \gset
UPDATE ledger_accounts SET balance = balance + :stake::bigint WHERE id = :vacct RETURNING balance AS vendor_after \gset
INSERT INTO postings (entry_id, account_id, amount, currency, balance_after) VALUES (:bet_entry, :wallet, :minus_stake, :currency, :wallet_after), (:bet_entry, :vacct, :stake, :currency, :vendor_after);
UPDATE seamless_transactions SET member_id = :member_id, round_id = :bet_tx, game_id = 'slots-1', currency = :currency, amount = :stake, win_amount = 0, bet_transaction_id = NULL, bet_state = 'open', error_code = '', answer = :bet_answer, entry_id = :bet_entry, updated_at = now() WHERE id = :bet_row;
COMMIT;

-- win
BEGIN;
INSERT INTO seamless_transactions (brand_id, vendor_id, transaction_id, kind, request_hash, bet_state) VALUES (:brand, :vendor, :win_tx, 'win', '220a712be7e178c552f8510b535091da34c160c50975de6d8e80601257547ded', NULL) ON CONFLICT (vendor_id, transaction_id) DO NOTHING RETURNING id AS win_row \gset
SELECT id AS bet_id, kind AS bet_kind, member_id AS bet_member, amount AS bet_amount, bet_state, vendor_wallet_id FROM seamless_transactions WHERE vendor_id = :vendor AND transaction_id = :bet_tx FOR UPDATE \gset
UPDATE seamless_transactions SET bet_state = 'won', updated_at = now() WHERE id = :bet_id;
INSERT INTO journal_entries (brand_id, kind, idempotency_key, request_hash, reference, metadata) VALUES (:brand, 'seamless_win', 'seamless:' || :vendor || ':' || :win_tx, '220a712be7e178c552f8510b535091da34c160c50975de6d8e80601257547ded', :win_tx, :metadata) ON CONFLICT (brand_id, idempotency_key) DO NOTHING RETURNING id AS win_entry \gset
UPDATE ledger_accounts SET balance = balance + :win::bigint WHERE id = :wallet RETURNING balance AS wallet_after \gset
UPDATE ledger_accounts SET balance = balance + :minus_win::bigint WHERE id = :vacct RETURNING balance AS vendor_after \gset
INSERT INTO postings (entry_id, account_id, amount, currency, balance_after) VALUES (:win_entry, :wallet, :win, :currency, :wallet_after), (:win_entry, :vacct, :minus_win, :currency, :vendor_after);
UPDATE seamless_transactions SET member_id = :bet_member, round_id = :bet_tx, game_id = 'slots-1', currency = :currency, amount = :win, win_amount = 0, bet_transaction_id = :bet_tx, error_code = '', answer = :win_answer, entry_id = :win_entry, updated_at = now() WHERE id = :win_row;
COMMIT;
