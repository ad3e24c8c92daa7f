import { LegalDocument, type LegalSection } from '../components/legal-document.tsx';

const sections: LegalSection[] = [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your email, display name and a hash of your password (never the password itself).
        </li>
        <li>
          <strong>Profile:</strong> what you choose to add, such as sex, birth year, bodyweight, gym, units and a short bio.
        </li>
        <li>
          <strong>Settings:</strong> your time zone, which events go on the community timeline, and which popups (and their sound) show in
          the app. We email you only about your account’s security and what you ask for (sign-in codes, password resets, deletion and
          export), never newsletters.
        </li>
        <li>
          <strong>Training:</strong> the scores, personal records, videos and stories you submit, and the challenges you join.
        </li>
        <li>
          <strong>Feedback:</strong> what you send us, with the page address and browser details shown in the form.
        </li>
        <li>
          <strong>Legal records:</strong> which versions of these terms and this policy you accepted and when, and for each liability waiver
          you sign the version, the full name you typed, the time and the IP address it came from. These records are never edited.
        </li>
        <li>
          <strong>Technical:</strong> sign-in times, IP addresses used for rate limiting and security, error reports from the app, and for
          each signed-in session the browser’s identification string (its user agent), so Settings can name your devices.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <ul>
        <li>To run challenges, rank scores fairly and place you in the right division.</li>
        <li>To judge and verify results, and to keep leaderboards honest.</li>
        <li>To keep accounts secure: one-time sign-in codes, rate limits and detecting abuse.</li>
        <li>To answer feedback and support requests, and to fix what breaks.</li>
      </ul>
    ),
  },
  {
    id: 'public',
    title: 'What others can see',
    body: (
      <p>
        Leaderboard entries show your display name, division and score to everyone, unless you choose on the privacy settings page to appear
        anonymously: then other people see you as “Athlete #N” (N is your account number) on challenge, test and global boards, and only you
        see your name there. Other profile fields follow the setting you choose for each of them on your athlete profile. You also choose
        who may invite you to teams: everyone, only people you already share a challenge team with, or nobody. Your email address is never
        shown to other members.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We use one HttpOnly cookie to keep you signed in securely, and your browser’s local storage to remember your theme, your units and
        who is signed in on this device. We do not use advertising or cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <p>
        We never sell your data. We share it only with the community site (when you open the Timeline: your name, email and role, so it can
        sign you in; and posts of your activity for your timeline there: approved personal records, public challenges you join, podium
        finishes; you can turn each kind off in Social settings), with the payment processor when you subscribe to a creator, and with
        authorities when the law requires it.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your data while your account exists. Sign-in codes expire after 10 minutes and reset links after an hour. To delete your
        account you confirm with your password and a code we email you; it is deleted 14 days later, and signing in before then cancels it.
        Deleting erases your profile, settings, sign-ins and sessions, timeline posts, achievements, streaks and the consents you gave. Your
        results stay on leaderboards in their places as “Former athlete”, historical results lose your name and email, feedback you sent is
        kept without a link to you, and liability waivers you signed are kept as the legal record they are.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <ul>
        <li>See and correct the data we hold about you.</li>
        <li>
          Download your data from the privacy settings page: a ZIP file with one JSON file per area, once a day. We also email you the link;
          it works for seven days, and anyone who has it can download the file, so keep it to yourself.
        </li>
        <li>Delete your account, or object to how we use your data.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are stored only as memory-hard hashes, every sign-in needs a code sent to your email, access tokens last 15 minutes and
        sessions can be ended from the server. No system is perfect; if we ever learn of a breach affecting you, we will tell you.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>RepForge is for people aged 16 and over. If you believe a younger child has an account, tell us and we will remove it.</p>,
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We will announce important changes to this policy before they apply: each change is a new numbered version, and signed-in accounts
        are asked to accept it before going on. Questions or requests: use the Feedback button at the bottom of any page.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="November 25, 2026"
      intro={<p className="lead">What we collect when you train with RepForge, why, who sees it, and the choices you have.</p>}
      sections={sections}
    />
  );
}
