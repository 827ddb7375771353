/**
 * A vendor's fairness page of one round: the vendor's `verify_url` template with `{round}` (the round
 * id) and `{game}` (the vendor's game code) filled in, each URL-encoded; '' when the vendor has no
 * page. The back office's round lookup and the member's betting record link the same page.
 */
export function verifyLink(template: string | null | undefined, roundId: string, gameCode: string): string {
  if (!template) return '';
  return template
    .replaceAll('{round}', encodeURIComponent(roundId))
    .replaceAll('{game}', encodeURIComponent(gameCode));
}
