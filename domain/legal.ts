/** Legal documents: the kinds an administrator publishes versions of, and the limits of what is typed. */
export const LEGAL_KINDS = ['terms', 'privacy', 'waiver'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** The documents every account accepts (at sign-up, then each new version); the waiver is signed per athlete when a challenge needs it. */
export const CONSENT_KINDS = ['terms', 'privacy'] as const satisfies readonly LegalKind[];
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const LEGAL_TITLES: Record<LegalKind, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  waiver: 'Liability Waiver',
};

/** Markdown of one version. */
export const LEGAL_BODY_MAX = 50_000;
/** What changed since the previous version, in a sentence or two (shown in the consent dialog). */
export const LEGAL_SUMMARY_MAX = 500;
/** The full name typed to sign the waiver. */
export const WAIVER_NAME_MAX = 120;

export const WAIVER_NAME_PROBLEM = 'Type your full name to sign the waiver.';
export const WAIVER_AGREE_PROBLEM = 'Tick the box to agree to the waiver.';
/** A join sent without `waiver_accepted` by an athlete who has signed: the box the form shows is what is missing. */
export const WAIVER_BOX_PROBLEM =
  'Tick the box "I have read the liability waiver and agree to it" to join: you signed the waiver, but the box was left unticked.';
