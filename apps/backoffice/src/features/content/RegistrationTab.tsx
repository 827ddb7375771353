import type { RegistrationRules } from '@lotus/contracts/content';
import {
  PATTERN_COUNT,
  REGISTRATION_FIELDS,
  type RegistrationFieldConfig,
  type RuleProblem,
  registrationRuleProblem,
} from '@lotus/contracts/registration';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionMessage, type ActionOutcome, failure } from '../../components/ActionMessage.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { boApi } from '../../lib/api.ts';

type Rules = Record<string, RegistrationFieldConfig>;
type T = ReturnType<typeof useTranslation>['t'];

function problemText(t: T, problem: RuleProblem): string {
  if (problem === 'acceptedPattern') return t('content.ruleProblem.pattern');
  if (problem === 'minLength') return t('content.ruleProblem.minAboveMax');
  if (problem === 'maxLength') return t('content.ruleProblem.max');
  return t('content.ruleProblem.required');
}

/**
 * The register form's field rules (spec §5): enabled, required, pattern kind, an own pattern,
 * minimum and maximum length. Checked here with the contracts' rule check as the operator types and
 * again by the server; the next register form and registration use them.
 */
export function RegistrationTab({ mayEdit }: { mayEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rules, setRules] = useState<Rules | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome>(null);
  const stored = useQuery({
    queryKey: ['content', 'registration'],
    queryFn: () => boApi<RegistrationRules>('/bo/v1/content/registration'),
  });
  useEffect(() => {
    if (stored.data && rules === null) setRules(stored.data.fields);
  }, [stored.data, rules]);
  const save = useMutation({
    mutationFn: (fields: Rules) =>
      boApi<RegistrationRules>('/bo/v1/content/registration', { method: 'PUT', body: { fields } }),
    onSuccess: (saved) => {
      setRules(saved.fields);
      setOutcome({ ok: true, text: t('content.saved') });
      void queryClient.invalidateQueries({ queryKey: ['content', 'registration'] });
    },
    onError: (error) => setOutcome(failure(error)),
  });
  const problems = Object.fromEntries(
    Object.entries(rules ?? {}).map(([name, rule]) => [name, registrationRuleProblem(name, rule)]),
  );
  const invalid = Object.values(problems).some((p) => p !== null);
  const set = (name: string, patch: Partial<RegistrationFieldConfig>) =>
    setRules((r) => (r?.[name] ? { ...r, [name]: { ...r[name], ...patch } } : r));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rules && !invalid) save.mutate(rules);
  };
  return (
    <form onSubmit={submit} aria-label={t('content.registrationForm')}>
      <ActionMessage message={outcome} />
      <QueryState loading={stored.isPending} error={stored.error} />
      {rules && (
        <DataTable
          headers={[
            t('content.field'),
            t('content.enabled'),
            t('content.required'),
            t('content.patternKind'),
            t('content.ownPattern'),
            t('content.minLength'),
            t('content.maxLength'),
          ]}
        >
          {REGISTRATION_FIELDS.filter((name) => rules[name]).map((name) => {
            const rule = rules[name] as RegistrationFieldConfig;
            const problem = problems[name];
            return (
              <tr key={name} data-testid={`rule-${name}`}>
                <th scope="row">
                  {t(`registrationFields.${name}`)}
                  {problem && (
                    <span role="alert" className="field-error">
                      {' '}
                      {problemText(t, problem)}
                    </span>
                  )}
                </th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.enabled')}`}
                    disabled={!mayEdit}
                    checked={rule.enabled}
                    onChange={(e) => set(name, { enabled: e.target.checked })}
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.required')}`}
                    disabled={!mayEdit}
                    checked={rule.required}
                    onChange={(e) => set(name, { required: e.target.checked })}
                  />
                </td>
                <td>
                  <select
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.patternKind')}`}
                    disabled={!mayEdit}
                    value={rule.patternId}
                    onChange={(e) => set(name, { patternId: Number(e.target.value) })}
                  >
                    {Array.from({ length: PATTERN_COUNT }, (_, id) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the pattern kinds are a fixed list
                      <option key={id} value={id}>
                        {id}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.ownPattern')}`}
                    disabled={!mayEdit}
                    size={12}
                    maxLength={200}
                    value={rule.acceptedPattern}
                    onChange={(e) => set(name, { acceptedPattern: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.minLength')}`}
                    disabled={!mayEdit}
                    min={0}
                    max={254}
                    value={rule.minLength}
                    onChange={(e) => set(name, { minLength: Number(e.target.value) })}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    aria-label={`${t(`registrationFields.${name}`)} ${t('content.maxLength')}`}
                    disabled={!mayEdit}
                    min={1}
                    max={254}
                    value={rule.maxLength}
                    onChange={(e) => set(name, { maxLength: Number(e.target.value) })}
                  />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <p className="hint">{t('content.registrationHint')}</p>
      {mayEdit && rules && (
        <button type="submit" disabled={save.isPending || invalid}>
          {t('content.save')}
        </button>
      )}
    </form>
  );
}
