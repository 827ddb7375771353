import { SEAMLESS_BATCH_MAX } from '@lotus/contracts/seamless';

/** The integration guide's section on the batch call (OpenAPI description of /seamless/v1/batch). */
export const BATCH_GUIDE = `Batch (POST /seamless/v1/batch): many independent operations in one signed request, e.g. the
wins and roundEnds of every player of a live round. Signed, headed and refused exactly like every other call
(the signature over "POST\\n/seamless/v1/batch\\n" + the body). Body: {vendor, items: [...]}, 1 to
${SEAMLESS_BATCH_MAX} items; each item is one of the single calls, its fields minus vendor, with call naming it:
{"call":"win", "transactionId":..., "betTransactionId":..., "roundId":..., "gameId":..., "amount":"10.00",
"currency":"MYR"}, likewise "bet", "rollback", "betWin" and "roundEnd". Items may concern different players.

Each item is applied on its own, exactly as its single call: its own transaction, idempotent by its own
transactionId (a roundEnd by its roundId), the same money rules and the same error codes. The answer is HTTP
200 with value.items, one answer per item in the request's order: {call, transactionId, roundId, success,
errorCode, message, value} where value is what the single call answers (the balance, or {roundId, status}
for roundEnd). One item's refusal (insufficient_balance, round_closed, vendor_session_invalid for a token
that is not a session of this brand's players, amount_invalid, ...) changes nothing of that item and
nothing of the others. An item answering wallet_busy was not applied: send it again, alone or in a later
batch, with the same transactionId.

Order: items of one roundId run in the order given (a win before that round's roundEnd); once an item of a
round answers wallet_busy, that round's later items are not run and answer wallet_busy too (a roundEnd never
closes a round whose win was not applied). Items of different
rounds run in parallel, in no promised order. The same transactionId (or the same roundEnd) twice in one
batch is refused as a whole: 400 request_param_err, nothing applied. More than ${SEAMLESS_BATCH_MAX} items,
or an item that is not a valid call: 400 request_param_err, nothing applied.

Recovery: a batch whose answer you did not hear (timeout, HTTP 5xx, your process killed) is sent again as
it was, or its items in other batches or as single calls: items already applied answer their original
answers and are applied once; the rest are applied now.`;
