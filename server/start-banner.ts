/** What the start banner says: one framed block among the JSON request logs. */
export interface BannerFacts {
  url: string;
  database: string;
  /** Demo accounts are offered on the sign-in page. */
  demoSignIn: boolean;
  /** No SMTP_URL: mail (sign-in codes) is printed to this output. */
  mailToStdout: boolean;
  /** Shown while no account is an administrator (never in production). */
  adminSetupCode?: string;
}

/** The banner's lines, framed; plain text so it reads the same in any terminal and log file. */
export function startBanner(facts: BannerFacts): string {
  const lines = [
    `RepForge is running: ${facts.url}`,
    `Database: ${facts.database}`,
    '',
    facts.demoSignIn
      ? 'Try it: on the sign-in page, pick a demo athlete or the demo admin (one click, no code).'
      : 'Sign in: create an account on the sign-in page; a 6-digit code is mailed to you.',
    facts.mailToStdout
      ? 'Mail: no SMTP_URL, so mail (sign-in codes) is printed below as "--- mail to … ---".'
      : 'Mail: sent through SMTP_URL.',
  ];
  if (facts.adminSetupCode) {
    lines.push(
      '',
      `Become the administrator: sign in, open ${facts.url}dashboard-page?view=admin-setup`,
      `and enter the setup code ${facts.adminSetupCode} (works until an administrator exists).`,
    );
  }
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n') + '\n';
}
