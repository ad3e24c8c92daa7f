import { Link } from 'wouter';
import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    body: (
      <p>
        By creating an account or using RepForge you agree to these terms and to our <Link href="/privacy-policy-page">Privacy Policy</Link>
        . If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and eligibility',
    body: (
      <ul>
        <li>You must be at least 16 years old. One person, one account.</li>
        <li>Give accurate information, including the sex and age details that place you in a division.</li>
        <li>
          Keep your password and your email inbox safe: every sign-in needs a one-time code we mail to you. Tell us at once if you think
          someone else used your account.
        </li>
        <li>You are responsible for what happens under your account.</li>
      </ul>
    ),
  },
  {
    id: 'scores',
    title: 'Scores and personal records',
    body: (
      <>
        <p>
          Leaderboards only mean something if every score is honest. Submit only results you achieved yourself, under the standards the
          challenge or test sets.
        </p>
        <p>
          Judges and administrators may ask for video, hold a result as unverified, correct it, reject it or remove it, and may recompute
          ranks when scores change. Results far beyond the current leaders may be held for review before they rank. Repeated false
          submissions can lead to suspension.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Videos and content you post',
    body: (
      <>
        <p>
          You keep ownership of the videos, stories, comments and other content you post. You give RepForge a worldwide, non-exclusive,
          royalty-free licence to host, store, show and share that content to run the service (for example on leaderboards, in judging and
          in live streams), for as long as it stays on the platform.
        </p>
        <p>
          Do not post content that harasses others, is hateful or sexual, infringes someone else’s rights, or encourages dangerous stunts.
          We may remove content that breaks these rules.
        </p>
      </>
    ),
  },
  {
    id: 'safety',
    title: 'Health and safety',
    body: (
      <p>
        Exercise carries a risk of injury. You take part at your own risk and are responsible for training within your limits, using safe
        equipment and a safe space. Some challenges require you to sign the current liability waiver (on the waiver page or when you join)
        before you join; a new version of the waiver needs a new signature. If you have a medical condition, are pregnant or are unsure,
        talk to a doctor before you start.
      </p>
    ),
  },
  {
    id: 'payments',
    title: 'Creator subscriptions and payments',
    body: (
      <ul>
        <li>
          Subscriptions to creators renew each billing period until you cancel. You can cancel at any time from the subscriptions page; you
          keep access until the end of the period you paid for.
        </li>
        <li>Payments are not refundable except where the law requires it or where a creator stops providing what you paid for.</li>
        <li>
          Creators receive payouts for their subscriptions, less the platform fee shown in the creator dashboard, and are responsible for
          their own taxes.
        </li>
      </ul>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation and reporting',
    body: (
      <p>
        You can report content or results you believe break these terms. Our moderators review reports and may remove content, correct
        results or restrict accounts. If we act on your content you can ask us to look again through the Feedback button.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You can stop using RepForge and delete your account at any time. We may suspend or close accounts that break these terms, cheat on
        leaderboards, abuse other members or put the service at risk. Where we can, we will tell you why.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'Your data, export and deletion',
    body: (
      <p>
        You can download a copy of everything we hold about you from the <Link href="/privacy-settings-page">privacy settings</Link> page,
        and delete your account there: deletion happens 14 days after you confirm it, and signing in before then cancels it. Your results
        stay on leaderboards as “Former athlete”. How we handle personal data is described in the{' '}
        <Link href="/privacy-policy-page">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        RepForge is provided “as is”. We work hard to keep it running and accurate, but we do not promise it will always be available or
        error-free. To the extent the law allows, we are not liable for indirect losses, lost data or injuries arising from your training.
        Nothing in these terms limits liability that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the service grows. We will tell you about important changes before they take effect; if you keep using
        RepForge after that, the new terms apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: <p>Questions about these terms? Use the Feedback button at the bottom of any page and we will get back to you.</p>,
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="November 25, 2026"
      intro={
        <p className="lead">
          These terms are the rules for using RepForge: how accounts, scores, videos and payments work, and what we expect of each other.
        </p>
      }
      sections={sections}
    />
  );
}
