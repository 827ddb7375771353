/** What the last action did: announced politely on success, as an alert on failure. */
export type ActionOutcome = { ok: boolean; text: string } | null;

export function ActionMessage({ message }: { message: ActionOutcome }) {
  if (!message) return null;
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'notice' : 'error'}>
      {message.text}
    </p>
  );
}

/** The text of a failed call for ActionMessage. */
export function failure(error: unknown): ActionOutcome {
  return { ok: false, text: error instanceof Error ? error.message : String(error) };
}
