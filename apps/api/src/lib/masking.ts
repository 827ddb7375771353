/**
 * What back-office views show of secrets and personal data. Codes and links that carry tokens are
 * live credentials: customer service sees that they went out and when, never their value.
 */

/** Links (they may carry reset tokens) and runs of 4 or more digits (SMS and e-mail codes). */
export function maskSecrets(text: string): string {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[link hidden]')
    .replace(/\d{4,}/g, (digits) => '*'.repeat(digits.length));
}

/** `+60123456789` -> `+60*******789`: the country code and the last three digits stay. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return mobile;
  const keepStart = mobile.startsWith('+') ? 3 : 0;
  if (mobile.length <= keepStart + 3) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, keepStart)}${'*'.repeat(mobile.length - keepStart - 3)}${mobile.slice(-3)}`;
}

/** `private.person@example.com` -> `p***@example.com`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return email;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A contact value of a form (contact request, affiliate application) as the masked roles see it. */
export function maskContactValue(channel: string, value: string): string {
  if (channel === 'email') return maskEmail(value) ?? '';
  if (value.startsWith('+')) return maskMobile(value) ?? '';
  return value.length <= 3 ? '***' : `${value.slice(0, 2)}***${value.slice(-1)}`;
}
