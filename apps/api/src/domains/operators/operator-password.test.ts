import {
  type OperatorInfo,
  type OperatorPasswordReset,
  type OperatorSummary,
  operatorPasswordProblem,
} from '@lotus/contracts/backoffice';
import { describe, expect, it } from 'vitest';
import { createOperator, operatorCall, operatorLogin, uniqueName } from '../../../test/operators.ts';
import { createBrand, setupTestApp } from '../../../test/support.ts';
import type { OperatorRole } from './operator.ts';

const ctx = setupTestApp({
  throttle: {
    operatorLoginPerIp: { points: 1000, seconds: 900 },
    operatorLoginPerAccountIp: { points: 1000, seconds: 900 },
  },
});

/** An operator of DEMO with TOTP, and a logged-in token of it. */
async function operator(role: OperatorRole, password = 'Secret123', merchantCode = 'DEMO') {
  const username = uniqueName(role.slice(0, 3));
  const { id } = await createOperator(ctx.db, { merchantCode, username, password, role });
  const token = await operatorLogin(ctx, { merchantCode, username, password });
  return { id, username, password, token, merchantCode };
}

type Op = Awaited<ReturnType<typeof operator>>;

function login(op: Pick<Op, 'merchantCode' | 'username'>, password: string) {
  return operatorLogin(ctx, { merchantCode: op.merchantCode, username: op.username, password });
}

async function canLogIn(op: Pick<Op, 'merchantCode' | 'username'>, password: string) {
  try {
    await login(op, password);
    return true;
  } catch {
    return false;
  }
}

const me = (token: string, merchant = 'DEMO') =>
  operatorCall<OperatorInfo>(ctx, token, { method: 'GET', url: '/bo/v1/session/me', merchant });

function changeOwn(token: string, currentPassword: string, newPassword: string) {
  return operatorCall<OperatorInfo>(ctx, token, {
    method: 'PUT',
    url: '/bo/v1/me/password',
    payload: { currentPassword, newPassword },
  });
}

async function audit(targetId: string) {
  return ctx.db
    .selectFrom('audit_log')
    .select(['operator_id', 'action', 'before', 'after'])
    .where('target_type', '=', 'operator')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

async function passwordHash(id: string) {
  const row = await ctx.db
    .selectFrom('operators')
    .select(['password_hash', 'must_change_password'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('PUT /bo/v1/me/password', () => {
  it('refuses a wrong current password and changes nothing; audits the try', async () => {
    const op = await operator('finance');
    const before = await passwordHash(op.id);
    const res = await changeOwn(op.token, 'Wrong1234', 'NewSecret456');
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('operator_password_wrong');
    expect(await passwordHash(op.id)).toEqual(before);
    expect((await me(op.token)).status).toBe(200);
    expect((await audit(op.id)).map((r) => r.action)).toContain('operator.password_change_failed');
    expect(await canLogIn(op, 'NewSecret456')).toBe(false);
  });

  it('refuses a weak or unchanged new password with its code, and changes nothing', async () => {
    const op = await operator('cs');
    const before = await passwordHash(op.id);
    for (const [weak, code] of [
      ['short1', 'operator_password_weak'],
      ['lettersonly', 'operator_password_weak'],
      ['1234567890', 'operator_password_weak'],
      [`${op.username}9x`, 'operator_password_weak'],
      ['Secret123', 'operator_password_reused'],
    ] as const) {
      const res = await changeOwn(op.token, 'Secret123', weak);
      expect({ weak, status: res.status, code: res.body.errorCode }).toEqual({ weak, status: 400, code });
    }
    expect(await passwordHash(op.id)).toEqual(before);
  });

  it('changes the password, keeps this session, ends the others, and audits it', async () => {
    const op = await operator('marketing');
    const other = await login(op, 'Secret123');
    const res = await changeOwn(op.token, 'Secret123', 'Changed4567');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({
      id: op.id,
      username: op.username,
      role: 'marketing',
      mustChangePassword: false,
    });
    expect((await me(op.token)).status).toBe(200);
    const ended = await me(other);
    expect(ended.status).toBe(401);
    expect(ended.body.errorCode).toBe('operator_not_login');
    expect(await canLogIn(op, 'Secret123')).toBe(false);
    expect(await canLogIn(op, 'Changed4567')).toBe(true);
    const rows = await audit(op.id);
    expect(rows.find((r) => r.action === 'operator.password_change')).toMatchObject({
      operator_id: op.id,
      before: { mustChangePassword: false },
      after: { mustChangePassword: false, otherSessionsEnded: true },
    });
    expect(JSON.stringify(rows)).not.toContain('Changed4567');
  });

  it('limits the tries of the current password per operator', async () => {
    const op = await operator('readonly');
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push((await changeOwn(op.token, `Wrong${i}xx`, 'Next12345')).body.errorCode);
    expect(codes.slice(0, 10).every((c) => c === 'operator_password_wrong')).toBe(true);
    expect(codes[10]).toBe('TOO_MANY_REQUESTS');
  });
});

describe('POST /bo/v1/operators/:id/password', () => {
  const reset = (token: string, id: string, merchant = 'DEMO') =>
    operatorCall<OperatorPasswordReset>(ctx, token, {
      method: 'POST',
      url: `/bo/v1/operators/${id}/password`,
      merchant,
    });

  it('refuses every non-admin role, the admin itself, and an operator of another brand; nothing changes', async () => {
    const target = await operator('cs');
    const before = await passwordHash(target.id);
    for (const role of ['finance', 'cs', 'marketing', 'readonly'] as const) {
      const caller = await operator(role);
      const res = await reset(caller.token, target.id);
      expect({ role, status: res.status, code: res.body.errorCode }).toEqual({
        role,
        status: 403,
        code: 'operator_forbidden',
      });
    }
    const admin = await operator('admin');
    expect((await reset(admin.token, admin.id)).body.errorCode).toBe('operator_forbidden');
    const brand = await createBrand(ctx.db);
    const foreign = await operator('admin', 'Secret123', brand.merchantCode);
    const other = await reset(foreign.token, target.id, brand.merchantCode);
    expect(other.status).toBe(404);
    expect(other.body.errorCode).toBe('operator_not_found');
    expect(await passwordHash(target.id)).toEqual(before);
    expect((await me(target.token)).status).toBe(200);
    expect((await audit(target.id)).map((r) => r.action)).not.toContain('operator.password_reset');
  });

  it('sets a temporary password shown once, ends the sessions, audits it; the next login must change it', async () => {
    const admin = await operator('admin');
    const target = await operator('finance');
    const res = await reset(admin.token, target.id);
    expect(res.status).toBe(200);
    const temporary = res.body.value.temporaryPassword;
    expect(operatorPasswordProblem(temporary, target.username)).toBeNull();
    expect(temporary).toHaveLength(16);
    expect(res.body.value.operator).toMatchObject({ id: target.id, mustChangePassword: true });
    // The operator's sessions ended.
    expect((await me(target.token)).body.errorCode).toBe('operator_not_login');
    // Audited by the admin, without the password.
    const rows = await audit(target.id);
    const row = rows.find((r) => r.action === 'operator.password_reset');
    expect(row).toMatchObject({
      operator_id: admin.id,
      before: { mustChangePassword: false },
      after: { mustChangePassword: true, sessionsEnded: true },
    });
    expect(JSON.stringify(rows)).not.toContain(temporary);
    // The list shows the pending change.
    const list = await operatorCall<OperatorSummary[]>(ctx, admin.token, {
      method: 'GET',
      url: '/bo/v1/operators',
    });
    expect(list.body.value.find((o) => o.id === target.id)?.mustChangePassword).toBe(true);

    // The old password is gone; the temporary one logs in (with the code), and the session says so.
    expect(await canLogIn(target, 'Secret123')).toBe(false);
    const token = await login(target, temporary);
    expect((await me(token)).body.value).toMatchObject({ id: target.id, mustChangePassword: true });
    // Until it changes, other calls are refused.
    for (const url of ['/bo/v1/dashboard', '/bo/v1/withdrawals', '/bo/v1/members']) {
      const refused = await operatorCall(ctx, token, { method: 'GET', url });
      expect({ url, status: refused.status, code: refused.body.errorCode }).toEqual({
        url,
        status: 403,
        code: 'operator_password_change_required',
      });
    }
    const changed = await changeOwn(token, temporary, 'MyOwn98765');
    expect(changed.body.value.mustChangePassword).toBe(false);
    expect((await operatorCall(ctx, token, { method: 'GET', url: '/bo/v1/withdrawals' })).status).toBe(200);
    expect((await passwordHash(target.id)).must_change_password).toBe(false);
    expect(await canLogIn(target, 'MyOwn98765')).toBe(true);
  });
});
