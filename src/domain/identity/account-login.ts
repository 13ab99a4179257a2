/**
 * Whether two logins name one GitHub account. REST names an App's bot `<slug>[bot]` (`user.login`,
 * `dismissed_by.login`, GraphQL's `viewer`), while GraphQL's comment authors name it `<slug>`; logins are
 * compared case-insensitively, as GitHub treats them. An absent login matches nothing.
 */
export function sameAccount(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return accountName(a) === accountName(b);
}

function accountName(login: string): string {
  return login.replace(/\[bot\]$/i, '').toLowerCase();
}
