import type { RegistrationRules, RegistrationRulesBody } from '@lotus/contracts/content';
import {
  REGISTRATION_FIELDS,
  type RegistrationFieldConfig,
  registrationRuleProblem,
} from '@lotus/contracts/registration';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { invalidateDbCaches } from '../../lib/db-cache.ts';
import { type AuditOperator, auditChange } from '../operators/audit.service.ts';
import { DEFAULT_POLICY, findPolicyRow, upsertPolicy } from './registration-settings.ts';

/** The field rules of the form's fields (REGISTRATION_FIELDS), stored or default. */
function rulesOf(fields: Record<string, RegistrationFieldConfig>): RegistrationRules {
  const rules: Record<string, RegistrationFieldConfig> = {};
  for (const name of REGISTRATION_FIELDS) {
    const rule = fields[name] ?? DEFAULT_POLICY.fields[name];
    if (rule) rules[name] = rule;
  }
  return { fields: rules };
}

export async function registrationRules(db: Db, brandId: string): Promise<RegistrationRules> {
  return rulesOf(((await findPolicyRow(db, brandId)) ?? DEFAULT_POLICY).fields);
}

/**
 * Replaces the rules of the fields sent (spec §5: enabled, required, acceptedPattern, patternId,
 * minLength, maxLength). A rule the contracts' `registrationRuleProblem` refuses (a pattern that is
 * not a valid regular expression, min above max, username or password made optional...) is
 * registration_rule_invalid with the field named, and nothing is stored. The change is audited and
 * the policy caches of every process are cleared: the next register form and registration use it.
 */
export async function saveRegistrationRules(
  db: Db,
  operator: AuditOperator,
  body: RegistrationRulesBody,
): Promise<RegistrationRules> {
  const fields: Record<string, RegistrationFieldConfig> = {};
  const fieldErrors: Record<string, string> = {};
  for (const [name, rule] of Object.entries(body.fields)) {
    if (!rule) continue;
    const clean: RegistrationFieldConfig = {
      enabled: rule.enabled,
      required: rule.enabled && rule.required,
      acceptedPattern: rule.acceptedPattern.trim() === '' ? '*' : rule.acceptedPattern.trim(),
      patternId: rule.patternId,
      minLength: rule.minLength,
      maxLength: rule.maxLength,
    };
    const problem = registrationRuleProblem(name, clean);
    if (problem) fieldErrors[`${name}.${problem}`] = 'errors.registration_rule_invalid';
    fields[name] = clean;
  }
  if (Object.keys(fieldErrors).length > 0) throw new AppError('registration_rule_invalid', { fieldErrors });
  const saved = await db.transaction().execute(async (trx) => {
    const before = await registrationRules(trx, operator.brandId);
    await upsertPolicy(trx, operator.brandId, { fields });
    const after = await registrationRules(trx, operator.brandId);
    const changed = Object.keys(fields);
    await auditChange(
      trx,
      operator,
      'content.registration_rules',
      { type: 'brand', id: operator.brandId },
      Object.fromEntries(changed.map((name) => [name, before.fields[name]])),
      Object.fromEntries(changed.map((name) => [name, after.fields[name]])),
    );
    return after;
  });
  await invalidateDbCaches(db);
  return saved;
}
