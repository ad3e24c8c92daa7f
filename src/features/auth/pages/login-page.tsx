import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { loginMachine } from '#machines/login.ts';
import { loginModeMachine } from '#machines/login-mode.ts';
import { SessionActor } from '#src/lib/session/session-provider.tsx';
import { safeNextPath } from '#src/lib/safe-next.ts';
import { requestLoginCode, verifyLoginCode } from '../api/auth-calls.ts';
import { PasswordField } from '../components/password-field.tsx';
import { DemoAccounts } from '../components/demo-accounts.tsx';
import { RegisterForm } from '../components/register-form.tsx';
import '../auth.css';

const appLoginMachine = loginMachine.provide({
  actors: {
    requestCode: fromPromise(({ input }) => requestLoginCode(input)),
    verifyCode: fromPromise(({ input }) => verifyLoginCode(input)),
  },
});

function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until, now]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export default function LoginPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [, navigate] = useLocation();
  const page = useFlow(loginModeMachine, { input: { mode: params.get('mode') === 'register' ? 'register' : 'signIn' } });
  const registering = useSelector(page, (s) => s.matches('register'));
  const prefillEmail = useSelector(page, (s) => s.context.prefillEmail);
  const notice = useSelector(page, (s) => s.context.notice);
  const session = SessionActor.useFlowActor();
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  const next = safeNextPath(params.get('next'));

  const login = useFlow(appLoginMachine);
  const state = useSelector(login, (s) => s);
  const step = state.matches('credentials') || state.matches('requestingCode') ? 'credentials' : 'code';

  useEffect(() => {
    if (state.matches('signedIn') && state.context.session) {
      session.send({ type: 'session.login', session: state.context.session });
    }
  }, [state, session]);
  useEffect(() => {
    if (signedIn) navigate(next, { replace: true });
  }, [signedIn, next, navigate]);

  if (registering) {
    return (
      <div className="container page auth-page">
        <div className="auth-card card">
          <h1>Create your account</h1>
          <RegisterForm
            onRegistered={(email, password, message) => {
              page.send({ type: 'loginMode.registered', email, message });
              // Straight on to the code: the password just typed asks for it (no second typing).
              login.send({ type: 'login.submitCredentials', email, password });
            }}
          />
          <p className="auth-switch">
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => page.send({ type: 'loginMode.signIn' })}>
              Sign in
            </button>
          </p>
        </div>
      </div>
    );
  }

  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>Sign in</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {step === 'credentials' ? (
          <CredentialsStep
            initialEmail={state.context.email || prefillEmail}
            busy={state.hasTag('busy')}
            error={state.context.error}
            onSubmit={(email, password) => login.send({ type: 'login.submitCredentials', email, password })}
          />
        ) : (
          <CodeStep
            email={state.context.email}
            busy={state.hasTag('busy')}
            error={state.context.error}
            resendAt={(state.context.codeSentAt ?? 0) + state.context.resendAfterSeconds * 1000}
            canResend={state.matches({ code: 'resendReady' })}
            onSubmit={(code) => login.send({ type: 'login.submitCode', code })}
            onResend={() => login.send({ type: 'login.resend' })}
            onBack={() => login.send({ type: 'login.back' })}
          />
        )}
        {step === 'credentials' && (
          <>
            <p className="auth-links">
              <Link href="/forgot-password-page">Forgot your password?</Link>
            </p>
            <p className="auth-switch">
              New to RepForge?{' '}
              <button type="button" className="link-button" onClick={() => page.send({ type: 'loginMode.register' })}>
                Create an account
              </button>
            </p>
          </>
        )}
        {step === 'credentials' && <DemoAccounts />}
      </div>
    </div>
  );
}

function CredentialsStep(props: {
  initialEmail: string;
  busy: boolean;
  error: string | null;
  onSubmit: (email: string, password: string) => void;
}) {
  const emailId = useId();
  const [email, setEmail] = useState(props.initialEmail);
  const [password, setPassword] = useState('');
  useEffect(() => setEmail((e) => e || props.initialEmail), [props.initialEmail]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(email, password);
  };
  return (
    <form onSubmit={submit} className="form" noValidate aria-describedby={props.error ? 'login-error' : undefined}>
      <p className="muted">We will email you a one-time code to finish signing in.</p>
      <div className="field">
        <label htmlFor={emailId}>Email</label>
        <input
          id={emailId}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          maxLength={254}
          autoFocus
        />
      </div>
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      {props.error && (
        <p id="login-error" className="error-text" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={props.busy}>
        {props.busy ? 'Sending code…' : 'Send sign-in code'}
      </button>
    </form>
  );
}

function CodeStep(props: {
  email: string;
  busy: boolean;
  error: string | null;
  resendAt: number;
  canResend: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const codeId = useId();
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const seconds = useCountdown(props.resendAt);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (props.error) input.current?.select();
  }, [props.error]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit(code);
  };
  return (
    <form onSubmit={submit} className="form" noValidate>
      {/* The server answers the same whether or not the password matched (no account enumeration), so say so. */}
      <p role="status">
        If the email and password match an account, we sent a 6-digit code to <strong>{props.email}</strong>. It is valid for 10 minutes.
      </p>
      <p className="muted">
        A code is sent only when the email and password match. No email after a minute? Check the password and{' '}
        <button type="button" className="link-button" onClick={props.onBack}>
          go back and try again
        </button>
        , or <Link href="/forgot-password-page">reset your password</Link>.
      </p>
      <div className="field">
        <label htmlFor={codeId}>Sign-in code</label>
        <input
          ref={input}
          id={codeId}
          className="code-input"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPaste={(e) => {
            const digits = e.clipboardData.getData('text').replace(/\D/g, '').slice(0, 6);
            if (digits) {
              e.preventDefault();
              setCode(digits);
            }
          }}
          required
        />
      </div>
      {props.error && (
        <p className="error-text" role="alert">
          {props.error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={props.busy || code.length !== 6}>
        {props.busy ? 'Checking…' : 'Sign in'}
      </button>
      <div className="code-actions">
        <button type="button" className="btn btn-secondary btn-small" onClick={props.onResend} disabled={!props.canResend || props.busy}>
          {props.canResend ? 'Send a new code' : `Send a new code in ${seconds} s`}
        </button>
        <button type="button" className="link-button" onClick={props.onBack}>
          Use a different email
        </button>
      </div>
    </form>
  );
}
