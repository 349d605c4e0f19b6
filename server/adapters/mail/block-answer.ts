/** Exchange's recipient restrictions (a group that takes mail from its own senders only): not about the sender. */
const RECIPIENT_RESTRICTION = /RESOLVER\.RST\./i;
/** A permanent policy refusal (RFC 3463 5.7.x: blocked, reputation, DMARC...), or Gmail's rate refusal 4.7.28. */
const POLICY_CODE = /\b(?:5\.7\.\d{1,3}|4\.7\.28)\b/;
/** A temporary 4.7.x deferral that names the sender's reputation or complaints (Gmail, Microsoft, Yahoo). */
const REPUTATION_DEFERRAL = /\b4\.7\.\d{1,3}\b.*\b(?:unsolicited|reputation|complaints?|block ?list(?:ed)?)\b/is;
/** Where the server's own answer starts in our error text: its reply code and enhanced status. */
const ANSWER_START = /\b[45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b/;
/** The answer as quoted to the user: enough to recognise, not the provider's whole help text. */
const QUOTED_LENGTH = 160;

/**
 * The provider's answer when a refused send says the mailbox itself is blocked (a policy or reputation refusal,
 * or a rate limit for unwanted mail), quoted from its reply code on and shortened; null for any other refusal (a
 * wrong address, a full mailbox, greylisting), which concerns one recipient, not the sending.
 */
export function blockAnswer(message: string): string | null {
  if (RECIPIENT_RESTRICTION.test(message)) return null;
  if (!POLICY_CODE.test(message) && !REPUTATION_DEFERRAL.test(message)) return null;
  const from = message.search(ANSWER_START);
  const answer = (from >= 0 ? message.slice(from) : message).replace(/\s+/g, ' ').trim();
  return answer.length > QUOTED_LENGTH ? `${answer.slice(0, QUOTED_LENGTH - 1).trimEnd()}…` : answer;
}
