/**
 * A field's error line. With `reserve` the line keeps its space while empty, so an error that
 * comes or goes (on blur, say) never moves what is below it: a press on the submit button that
 * blurs a field lands on the button it started on.
 */
export function FieldError({
  id,
  error,
  reserve = false,
}: {
  id?: string;
  error?: string;
  reserve?: boolean;
}) {
  if (!error && !reserve) return null;
  return (
    <p id={id} className={reserve ? 'field__error field__error--reserved' : 'field__error'}>
      {error ?? ''}
    </p>
  );
}
