/** A filter select of fixed values with "all" (the empty value) first, read from the form by `name`. */
export function ChoiceFilter<V extends string>({
  id,
  name,
  label,
  allLabel,
  values,
  text,
  initial,
}: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  values: readonly V[];
  text: (value: V) => string;
  initial: V | '';
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={initial}>
        <option value="">{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {text(v)}
          </option>
        ))}
      </select>
    </div>
  );
}
