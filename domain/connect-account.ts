// A creator's Stripe Connect account as Stripe last described it (its `account.updated` events): whether Stripe has
// verified it for payouts, and what it still needs, in words a creator understands. Both sides use these rules: the
// server refuses a payout to an account that is not verified, the dashboard says why. The status itself is the
// contract's `ConnectAccountStatus` (openapi/creators.yaml), which both sides use; the rules here read only
// the fields they name (domain imports nothing of the app, the contract included).

/** At most this many requirement codes are kept per account (Stripe lists a few; anything beyond is not shown). */
export const CONNECT_REQUIREMENTS_MAX = 30;
/** A requirement code or disabled reason longer than this is not Stripe's and is dropped. */
export const CONNECT_CODE_MAX = 100;

/** Verified: the creator gave Stripe their details and Stripe lets the account be paid out. */
export const connectVerified = (s: { details_submitted: boolean; payouts_enabled: boolean }) => s.details_submitted && s.payouts_enabled;

/** Stripe's requirement codes by their first part(s), in a creator's words; the longest matching prefix wins. */
const REQUIREMENT_WORDS: [prefix: string, words: string][] = [
  ['external_account', 'a bank account for payouts'],
  ['tos_acceptance', 'accepting Stripe’s terms of service'],
  ['individual.verification', 'a photo of an identity document'],
  ['individual.id_number', 'your national ID or tax number'],
  ['individual.ssn_last_4', 'your national ID or tax number'],
  ['individual.dob', 'your date of birth'],
  ['individual.address', 'your home address'],
  ['individual.first_name', 'your legal name'],
  ['individual.last_name', 'your legal name'],
  ['individual.email', 'your email address'],
  ['individual.phone', 'your phone number'],
  ['business_type', 'whether you are paid as a person or a company'],
  ['business_profile.mcc', 'what kind of business you run'],
  ['business_profile', 'a website or a description of what you sell'],
  ['company', 'your company’s details'],
  ['representative', 'details of the person who represents the company'],
  ['owners', 'details of the company’s owners'],
  ['directors', 'details of the company’s directors'],
  ['executives', 'details of the company’s executives'],
];

/** One requirement in words: the longest known prefix of its code, or a plain fallback. */
export function requirementInWords(code: string): string {
  let best: [string, string] | null = null;
  for (const [prefix, words] of REQUIREMENT_WORDS)
    if ((code === prefix || code.startsWith(`${prefix}.`)) && (!best || prefix.length > best[0].length)) best = [prefix, words];
  return best?.[1] ?? 'other details Stripe asks for';
}

/** What is missing, in words, each once, in Stripe's order. */
export const missingInWords = (codes: readonly string[]) => [...new Set(codes.map(requirementInWords))];

/** Why Stripe disabled an account, in words. */
export function disabledInWords(reason: string): string {
  if (reason === 'requirements.past_due') return 'Stripe paused the account until the missing details are given.';
  if (reason === 'requirements.pending_verification') return 'Stripe is checking the details you gave.';
  if (reason.startsWith('rejected')) return 'Stripe turned the account down. Contact Stripe’s support to find out why.';
  if (reason === 'under_review') return 'Stripe is reviewing the account.';
  return 'Stripe has paused the account.';
}

/**
 * The sentence the dashboard shows about the account: verified; waiting for Stripe's word; Stripe checking what was
 * given; or what is still missing.
 */
export function connectStatusInWords(
  s: {
    details_submitted: boolean;
    payouts_enabled: boolean;
    requirements_due: readonly string[];
    disabled_reason: string | null;
    updated_at: string | null;
  } | null,
): { verified: boolean; headline: string; missing: string[] } {
  if (!s || s.updated_at === null)
    return {
      verified: false,
      headline: 'Stripe has not told us yet whether it verified your account. If you left Stripe’s form before the end, finish it now.',
      missing: [],
    };
  const missing = missingInWords(s.requirements_due);
  if (connectVerified(s))
    return { verified: true, headline: 'Stripe has verified your account: approved payouts are transferred to it.', missing };
  const reason = s.disabled_reason ? ` ${disabledInWords(s.disabled_reason)}` : '';
  if (missing.length === 0 && s.details_submitted)
    return {
      verified: false,
      headline: `Stripe is checking the details you gave; payouts can be sent once it has verified them.${reason}`,
      missing,
    };
  return { verified: false, headline: `Stripe has not verified your account yet, so payouts cannot be sent to it.${reason}`, missing };
}
