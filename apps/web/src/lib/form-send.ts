import type { ErrorCode } from '@lotus/contracts/errors';
import { useState } from 'react';
import { catalogueText, errorText, fieldErrorTexts } from './api-error.ts';

type FieldTexts<Field extends string> = Partial<Record<Field, string>>;

/**
 * The send of a public form that the browser checks with the server's own rules first (the
 * contact form, the affiliate application). `checkAndSend` shows the rules' problems by field;
 * with none it posts, then shows the server's refusal by field, or as one line when it names no
 * field, and keeps the stored submission's id. `id` is the form's useId(): a field's error line
 * is `${id}-${name}-error`.
 */
export function useFormSend<Field extends string>(id: string) {
  const [errors, setErrors] = useState<FieldTexts<Field>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);

  /** Checks `problems` (catalogue codes by field) and, when there are none, runs `post`. */
  const checkAndSend = async (problems: FieldTexts<Field>, post: () => Promise<{ id: string }>) => {
    if (busy) return;
    const next: FieldTexts<Field> = {};
    for (const [field, code] of Object.entries(problems)) {
      next[field as Field] = catalogueText(code as ErrorCode);
    }
    setErrors(next);
    setProblem(null);
    if (Object.keys(next).length > 0) return;
    try {
      setBusy(true);
      const created = await post();
      setSentId(created.id);
    } catch (error) {
      const fields = fieldErrorTexts(error);
      setErrors(fields as FieldTexts<Field>);
      setProblem(Object.keys(fields).length > 0 ? null : errorText(error));
    } finally {
      setBusy(false);
    }
  };

  /** A control's aria attributes for its field's error line. */
  const described = (name: Field) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  /** Back to an empty form after a send (another message). */
  const reset = () => {
    setSentId(null);
    setErrors({});
  };

  return { errors, busy, problem, sentId, checkAndSend, described, reset };
}
