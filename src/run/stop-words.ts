/**
 * How a face names the stop its user asked for, in the messages the run writes about it: the action's run is
 * stopped by a cancelled workflow, svc's by Ctrl-C in a shell, where there is no workflow to speak of.
 */
export interface StopWords {
  /** The stop, opening a sentence: `The workflow was cancelled`, `Interrupted`. */
  readonly stopped: string;
  /** What becomes of a scan whose cancel failed at the stop: `the post step tries again`. */
  readonly cancelAgain: string;
}

/** The action's words: the words of a stop signal that carries none. */
const ACTION_STOP_WORDS: StopWords = {
  stopped: 'The workflow was cancelled',
  cancelAgain: 'the post step tries again',
};

/** The reason a face's stop signal aborts with: the face's words for the stop, and what stopped it. */
class StopRequest extends Error {
  override name = 'StopRequest';
  readonly words: StopWords;

  constructor(words: StopWords, cause: unknown) {
    super(cause instanceof Error ? cause.message : 'stopped', { cause });
    this.words = words;
  }
}

/**
 * A signal that aborts when `signal` does, with a StopRequest carrying `words` as its reason: the face hands it
 * to the run as its stop signal, and every step (the fleet's too) words the stop as the face does.
 */
export function stopSignalWith(signal: AbortSignal, words: StopWords): AbortSignal {
  const controller = new AbortController();
  const stop = (): void => {
    controller.abort(new StopRequest(words, signal.reason));
  };
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  return controller.signal;
}

/** The words of the face that stopped the run; the action's when its signal says none. */
export function stopWordsOf(signal: AbortSignal): StopWords {
  const reason: unknown = signal.reason;
  return reason instanceof StopRequest ? reason.words : ACTION_STOP_WORDS;
}
