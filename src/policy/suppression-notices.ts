/**
 * What the run says about suppressions near or past their `expires` date. Apart from the matching (suppression.ts),
 * so that the log reporter takes these sentences without the glob matcher.
 */

/** An entry expiring within this many days is announced, so that it is renewed or fixed in time. */
export const EXPIRY_NOTICE_DAYS = 14;

/** The notice for an entry that expires soon: its description after a colon, so a reason reads as written. */
export function expiringSuppressionNotice(description: string): string {
  return `A suppression expires within ${EXPIRY_NOTICE_DAYS} days: ${sentence(description)} Renew it or fix its findings.`;
}

/** The warning for an entry past its date. */
export function expiredSuppressionWarning(description: string): string {
  return (
    `A suppression has expired, so its findings count again: ${sentence(description)} ` +
    'Fix them, or renew the entry with a new expires date.'
  );
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
