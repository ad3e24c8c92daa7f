import { Link } from 'wouter';
import { SafeMarkdown } from '#src/components/safe-markdown.tsx';
import { Checkbox } from '#src/components/ui/checkbox.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { formatDate } from '#src/lib/format.ts';

/**
 * The waiver part of the join form: already signed (the version and date), or the current text with
 * a typed full name, today's date and the agreement box that sign it when the athlete joins.
 */
export function JoinWaiver(props: {
  version: number;
  body: string;
  signedAt: string | null;
  name: string;
  setName: (name: string) => void;
  agreed: boolean;
  setAgreed: (agreed: boolean) => void;
  today: string;
}) {
  if (props.signedAt) {
    return (
      <p className="muted">
        You signed the <Link href="/liability-waiver-page">liability waiver</Link> (version {props.version}) on {formatDate(props.signedAt)}
        .
      </p>
    );
  }
  return (
    <fieldset className="join-waiver">
      <legend>Liability waiver, version {props.version}</legend>
      <div className="join-waiver-text" tabIndex={0} role="region" aria-label={`Liability waiver, version ${props.version}`}>
        <SafeMarkdown text={props.body} />
      </div>
      <TextInput
        label="Full name"
        autoComplete="name"
        maxLength={120}
        value={props.name}
        onChange={(e) => props.setName(e.target.value)}
        hint="Type your full name to sign."
      />
      <p className="muted">Date: {props.today}</p>
      <Checkbox
        label={`I have read the liability waiver (version ${props.version}) and agree to it`}
        checked={props.agreed}
        onChange={props.setAgreed}
      />
    </fieldset>
  );
}
