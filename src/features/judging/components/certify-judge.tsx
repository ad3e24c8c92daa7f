import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { secureApi } from '#src/api/client.ts';
import { callApi } from '#src/api/errors.ts';
import { Button } from '#src/components/ui/button.tsx';
import { RadioGroup } from '#src/components/ui/radio-group.tsx';
import { TextInput } from '#src/components/ui/text-field.tsx';
import { toast } from '#src/lib/toast.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { useRefreshJudging } from '../api/judging.ts';
import type { JudgeLevel } from '#domain/judging.ts';

/** Administrators certify a judge (or a senior judge) for a season by the account's email. */
async function certify(email: string, level: JudgeLevel) {
  const found = await callApi(
    secureApi.GET('/api/auth/admin/users', { params: { query: { search: email, page: 1, page_size: 10 } } }),
    'Could not look the account up.',
  );
  const user = found.items.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`No account uses ${email}.`);
  const granted = await callApi(
    secureApi.POST('/api/judging/certificates', { body: { user_id: user.wp_user_id, level } }),
    'Could not certify the judge.',
  );
  return { name: user.display_name, granted };
}

/**
 * An administrator without a certificate in force: the server lets only certified judges judge (the x-role judge
 * gate), administrators included, and an administrator may certify their own account, which this does in one press.
 */
export function CertifyMe({ userId }: { userId: number }) {
  const refresh = useRefreshJudging();
  const [problem, setProblem] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: () =>
      callApi(
        secureApi.POST('/api/judging/certificates', { body: { user_id: userId, level: 'judge' } }),
        'Could not certify your account.',
      ),
    onSuccess: (granted) => {
      refresh();
      toast({ title: `You are certified as a judge until ${formatDateTime(granted.expires_at)}.`, variant: 'success' });
    },
    onError: (e) => setProblem(e.message),
  });
  return (
    <>
      <Button variant="primary" loading={grant.isPending} onClick={() => grant.mutate()}>
        Certify my account for a season
      </Button>
      {problem ? (
        <p role="alert" className="error-text">
          {problem}
        </p>
      ) : null}
    </>
  );
}

export function CertifyJudge() {
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState<JudgeLevel>('judge');
  const [problem, setProblem] = useState<string | null>(null);
  // The confirmation stays on the form (the toast goes after a few seconds).
  const [done, setDone] = useState<string | null>(null);
  // An administrator who certifies themself sees the queue at once: their certificate and the queue are asked again.
  const refresh = useRefreshJudging();
  const grant = useMutation({
    mutationFn: () => certify(email.trim(), level),
    onSuccess: ({ name, granted }) => {
      refresh();
      setEmail('');
      const message = `${name} is certified until ${formatDateTime(granted.expires_at)}.`;
      setDone(message);
      toast({ title: message, variant: 'success' });
    },
    onError: (e) => setProblem(e.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem('Enter the account’s email address.');
    setProblem(null);
    setDone(null);
    grant.mutate();
  };
  return (
    <section aria-labelledby="certify-judge" className="card judging-form judging-certify">
      <h2 id="certify-judge">Certify a judge</h2>
      <form onSubmit={submit} className="judging-form" noValidate>
        {done && (
          <p role="status" className="success-text">
            {done}
          </p>
        )}
        <TextInput
          label="Account email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={problem ?? undefined}
        />
        <RadioGroup<JudgeLevel>
          label="Level"
          orientation="horizontal"
          options={[
            { value: 'judge', label: 'Judge' },
            { value: 'senior', label: 'Senior judge', hint: 'Confirms major penalties and invalid verdicts' },
          ]}
          value={level}
          onChange={setLevel}
        />
        <Button type="submit" loading={grant.isPending}>
          Certify for a season
        </Button>
      </form>
    </section>
  );
}
