import { useState } from 'react';

/**
 * The actions of one row of a review queue (contact requests, affiliate applications): a note and
 * one button per status the row may move to. A move listed in `noteRequired` waits for a note.
 * `id` makes the note's label unique on the page.
 */
export function ReviewActions<S extends string>({
  id,
  noteLabel,
  moves,
  noteRequired = [],
  maxLength,
  busy,
  onMove,
}: {
  id: string;
  noteLabel: string;
  moves: { status: S; label: string }[];
  noteRequired?: readonly S[];
  maxLength: number;
  busy: boolean;
  onMove: (status: S, note: string) => void;
}) {
  const [note, setNote] = useState('');
  if (moves.length === 0) return null;
  const trimmed = note.trim();
  return (
    <div className="review-actions">
      <label className="visually-hidden" htmlFor={id}>
        {noteLabel}
      </label>
      <textarea
        id={id}
        rows={2}
        value={note}
        maxLength={maxLength}
        placeholder={noteLabel}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="actions">
        {moves.map((move) => (
          <button
            key={move.status}
            type="button"
            className={noteRequired.includes(move.status) ? 'secondary' : undefined}
            disabled={busy || (noteRequired.includes(move.status) && trimmed === '')}
            onClick={() => onMove(move.status, trimmed)}
          >
            {move.label}
          </button>
        ))}
      </div>
    </div>
  );
}
