import { useState, type FormEvent } from 'react';
import { Download } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { statementMonthProblem } from '#domain/creator-statement.ts';
import { downloadStatement } from '../api/creators.ts';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** "Download statement (CSV)" for a month the creator picks (this month by default, none that has not begun). */
export function StatementDownload() {
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = statementMonthProblem(month.trim(), new Date());
    setProblem(wrong);
    setError(null);
    if (wrong) return;
    setBusy(true);
    downloadStatement(month.trim())
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'Could not download the statement.'))
      .finally(() => setBusy(false));
  };
  return (
    <form className="creators-form creators-statement" aria-label="Monthly statement" onSubmit={onSubmit} noValidate>
      <TextInput
        label="Statement month"
        hint="Every payment, fee, refund and payout of the month with the running balance (UTC)."
        type="month"
        max={thisMonth()}
        value={month}
        onChange={(e) => {
          setMonth(e.target.value);
          setProblem(null);
        }}
        error={problem}
        required
      />
      <div className="creators-actions">
        <Button type="submit" icon={<Download size={16} aria-hidden="true" />} loading={busy}>
          Download statement (CSV)
        </Button>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
