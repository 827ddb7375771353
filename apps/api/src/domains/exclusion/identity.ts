import type { IdentityKind } from './exclusion.tables.ts';

/**
 * The normalised identity of a member, as a new registration is compared with an excluded one:
 * - phone: E.164 as the members domain stores it (every number is parsed by lib/phone.ts at
 *   registration, so `012-300 0001` and `+60123000001` are one);
 * - e-mail: lower-cased, a `+tag` of the local part dropped, and for Gmail (gmail.com,
 *   googlemail.com) the dots of the local part dropped and the domain made gmail.com;
 * - ID number: upper-cased, only letters and digits;
 * - name + birthday (both present): the name lower-cased with its spaces collapsed (NFKC), then `|`
 *   and the birthday as stored.
 */
export function normaliseEmail(email: string): string | null {
  const value = email.trim().toLowerCase().normalize('NFKC');
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return null;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return local === '' ? null : `${local}@${domain}`;
}

export function normaliseIdNumber(id: string): string | null {
  const value = id
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  return value === '' ? null : value;
}

export function normaliseName(name: string): string | null {
  const value = name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
}

export function identitiesOf(member: {
  mobile: string | null;
  email: string | null;
  idNumber: string;
  name: string;
  birthday: string;
}): { kind: IdentityKind; value: string }[] {
  const out: { kind: IdentityKind; value: string }[] = [];
  if (member.mobile) out.push({ kind: 'phone', value: member.mobile });
  const email = member.email ? normaliseEmail(member.email) : null;
  if (email) out.push({ kind: 'email', value: email });
  const id = normaliseIdNumber(member.idNumber);
  if (id) out.push({ kind: 'id_number', value: id });
  const name = normaliseName(member.name);
  const birthday = member.birthday.trim();
  if (name && birthday !== '') out.push({ kind: 'name_birthday', value: `${name}|${birthday}` });
  return out.map((i) => ({ kind: i.kind, value: i.value.slice(0, 400) }));
}
