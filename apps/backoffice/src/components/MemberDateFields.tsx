/**
 * The username and from / to date fields of a queue's filter form (named `username`, `from`, `to`
 * for FormData); `idPrefix` keeps their ids unique on the page.
 */
export function MemberDateFields({
  idPrefix,
  labels,
}: {
  idPrefix: string;
  labels: { username: string; from: string; to: string };
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-username`}>{labels.username}</label>
        <input id={`${idPrefix}-username`} name="username" maxLength={64} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{labels.from}</label>
        <input id={`${idPrefix}-from`} name="from" type="date" />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{labels.to}</label>
        <input id={`${idPrefix}-to`} name="to" type="date" />
      </div>
    </>
  );
}

/** The username, from and to of a submitted filter form. */
export function memberDateValues(data: FormData) {
  return {
    username: String(data.get('username') ?? '').trim(),
    from: String(data.get('from') ?? ''),
    to: String(data.get('to') ?? ''),
  };
}
