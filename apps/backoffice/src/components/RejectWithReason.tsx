import { useState } from 'react';

/**
 * A reason field and its Reject button (disabled until a reason is typed), for one row of a queue.
 * `id` makes the field's label unique on the page.
 */
export function RejectWithReason({
  id,
  label,
  button,
  maxLength,
  busy,
  onReject,
}: {
  id: string;
  label: string;
  button: string;
  maxLength: number;
  busy: boolean;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <span>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        value={reason}
        maxLength={maxLength}
        placeholder={label}
        onChange={(e) => setReason(e.target.value)}
      />
      <button
        type="button"
        className="secondary"
        disabled={busy || reason.trim() === ''}
        onClick={() => onReject(reason.trim())}
      >
        {button}
      </button>
    </span>
  );
}
