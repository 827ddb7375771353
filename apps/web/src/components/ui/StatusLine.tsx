/** The outcome of a form's last action; null before any. */
export type Status = { ok: boolean; text: string } | null;

/**
 * The outcome line under a form: a polite status when the action worked, an alert when it failed.
 * `className` adds a surrounding style (a boxed note, a muted line) to the shared one.
 */
export function StatusLine({ status, className }: { status: Status; className?: string }) {
  if (!status) return null;
  const classes = ['status-line', status.ok ? '' : 'status-line--error', className ?? ''].filter(Boolean);
  return (
    <p className={classes.join(' ')} role={status.ok ? 'status' : 'alert'}>
      {status.text}
    </p>
  );
}
