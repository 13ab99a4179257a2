import { deliveryKey } from './reporter.ts';

/** What the fix suggestions did (src/fix-suggestions/fix-suggestions-reporter.ts): the views say it, the outputs count it. */
export interface FixSuggestionsDelivery {
  /** Fix suggestions posted on the pull request in this run. */
  posted: number;
  /** Fixes shown folded (markdown, escaped), each with why it is not a suggestion. */
  folded: readonly string[];
}

export const FIX_SUGGESTIONS_DELIVERED = deliveryKey<FixSuggestionsDelivery>('fix suggestions', {
  posted: 0,
  folded: [],
});
