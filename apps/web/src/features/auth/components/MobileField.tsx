import type { CountryCode } from '@lotus/contracts/system';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/ui/FieldError.tsx';
import { defaultDialCode as brandDialCode } from '../../../lib/country.ts';
import { flagEmoji } from '../../../lib/format.ts';

/** Dialing code and national number (spec §3 countryDialingCode + mobileNum). */
export function MobileField({
  id,
  countryCodes,
  error,
  defaultNumber,
  defaultDialCode,
  name = 'mobileNum',
  label,
  onBlur,
  defaultCountry,
  reserveError = false,
}: {
  id: string;
  countryCodes: CountryCode[];
  error?: string;
  defaultNumber?: string;
  defaultDialCode?: string;
  name?: string;
  label?: string;
  onBlur?: (value: string) => void;
  /** ISO code preselected when the list has it (the visitor's country). */
  defaultCountry?: string;
  /** Keep the error line's space while there is no error (a form whose lines must not move). */
  reserveError?: boolean;
}) {
  const { t } = useTranslation();
  const fallback = countryCodes.length === 0;
  return (
    <div className="field-row">
      <div className="field field--narrow">
        <label className="field__label" htmlFor={`${id}-dial`}>
          {t('register.countryCode')}
        </label>
        <select
          id={`${id}-dial`}
          name="countryDialingCode"
          className="input"
          defaultValue={defaultDialCode ?? brandDialCode(countryCodes, defaultCountry)}
          key={countryCodes.length}
        >
          {fallback ? <option value="60">+60</option> : null}
          {countryCodes.map((country) => (
            <option key={country.countryCode} value={country.countryDialingCode}>
              {`${flagEmoji(country.countryCode)} +${country.countryDialingCode}`}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-${name}`}>
          {label ?? t('auth.mobile')}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="tel"
          inputMode="numeric"
          className="input"
          autoComplete="tel-national"
          defaultValue={defaultNumber}
          onBlur={onBlur ? (event) => onBlur(event.currentTarget.value) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        <FieldError id={`${id}-${name}-error`} error={error} reserve={reserveError} />
      </div>
    </div>
  );
}
