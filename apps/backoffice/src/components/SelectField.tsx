/**
 * A labelled select of fixed options (a toolbar's filter); `all` adds a first option with the empty
 * value (no filter).
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  options,
  all,
  onChange,
}: {
  id: string;
  label: string;
  value: V | '';
  options: readonly (V | { value: V; label: string })[];
  all?: string | undefined;
  onChange: (value: V) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {all === undefined ? null : <option value="">{all}</option>}
        {options.map((option) => {
          const { value: v, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </>
  );
}
