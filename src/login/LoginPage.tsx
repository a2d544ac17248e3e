import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../access/paths';
import type { FieldErrors } from '../session/serverErrors';
import { GuestCard, GuestField, GuestSubmit } from './GuestCard';
import { GUEST_TEXT } from './guestText';
import { SecondFactorStep } from './SecondFactorStep';
import type { PendingSignIn, SignIn } from './signIn';

const TEXT = GUEST_TEXT.app.login;
const { required: REQUIRED, email: INVALID_EMAIL } = GUEST_TEXT.validation;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-in, fetched on the first submit: the page on screen needs none of its code. */
export const loadSignIn = (): Promise<SignIn> => import('./signIn').then((module) => module.browserSignIn());

type Credentials = { email: string; password: string };

function credentialErrors({ email, password }: Credentials): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = REQUIRED;
  else if (!EMAIL.test(email.trim())) errors.email = INVALID_EMAIL;
  if (!password) errors.password = REQUIRED;
  return errors;
}

// MUI's Visibility and VisibilityOff paths (the page carries no icon library).
const SHOWN_ICON =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const HIDDEN_ICON =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

export type LoginPageProps = {
  /** The sign-in to use; tests pass a fake. */
  signIn?: () => Promise<SignIn>;
};

/**
 * SPEC §2.1 `session.login` (/session/login): e-mail and password, then home — or, for a user with
 * two-factor on, the 6-digit code step first. Served before react-admin loads (App.tsx), so a phone
 * on a slow link gets the form without the administration app.
 */
export function LoginPage({ signIn = loadSignIn }: LoginPageProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Credentials>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [passwordShown, setPasswordShown] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // login.html shows this form before its code has run (scripts/login-html.mjs): what was typed
  // there is in the fields when the page takes them over, and is kept.
  useEffect(() => {
    const typed = (name: keyof Credentials) => {
      const field = form.current?.elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : '';
    };
    const early = { email: typed('email'), password: typed('password') };
    if (early.email || early.password)
      setValues((current) => ({
        email: current.email || early.email,
        password: current.password || early.password,
      }));
  }, []);
  // The e-mailed unlock link (`?unlock=…`) lets its owner sign in past the failed-attempt delays.
  const [searchParams] = useSearchParams();
  const unlockToken = searchParams.get('unlock')?.trim() || undefined;

  const change = (field: keyof Credentials) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Once a submit was refused, messages follow the typing, as react-admin's forms do.
    if (attempted) setErrors(credentialErrors(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const found = credentialErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const outcome = await (await signIn()).login({
        email: values.email,
        password: values.password,
        ...(unlockToken ? { unlock_token: unlockToken } : {}),
      });
      if (outcome.kind === 'signedIn') navigate(outcome.redirectTo);
      else if (outcome.kind === 'secondFactor') setPending(outcome.pending);
      else {
        setFailure(outcome.message ?? TEXT.error);
        setErrors(outcome.fieldErrors ?? {});
      }
    } catch {
      // The sign-in's code could not be fetched (the link dropped): the page stays usable.
      setFailure(TEXT.error);
    } finally {
      setSubmitting(false);
    }
  };

  if (pending) {
    return (
      <GuestCard title={GUEST_TEXT.app.session.second_factor.title} titleId="login-title">
        <SecondFactorStep pending={pending} onBack={() => setPending(null)} signIn={signIn} />
      </GuestCard>
    );
  }
  const toggleLabel = passwordShown ? TEXT.hide_password : TEXT.show_password;
  return (
    <GuestCard title={TEXT.title} titleId="login-title">
      {unlockToken && !failure ? (
        <div className="guest-alert guest-alert-info">{TEXT.unlock_hint}</div>
      ) : null}
      {failure ? (
        <div className="guest-alert guest-alert-error" role="alert">
          {failure}
        </div>
      ) : null}
      <form ref={form} onSubmit={submit} noValidate>
        <GuestField
          id="email"
          name="email"
          type="email"
          label={TEXT.email}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
          autoComplete="username"
          required
          autoFocus
        />
        <GuestField
          id="password"
          name="password"
          type={passwordShown ? 'text' : 'password'}
          label={TEXT.password}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
          autoComplete="current-password"
          required
          adornment={
            <button
              type="button"
              className="guest-icon-button"
              aria-label={toggleLabel}
              title={toggleLabel}
              onClick={() => setPasswordShown((shown) => !shown)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={passwordShown ? HIDDEN_ICON : SHOWN_ICON} />
              </svg>
            </button>
          }
        />
        <GuestSubmit busy={submitting} disabled={submitting}>
          {TEXT.submit}
        </GuestSubmit>
      </form>
      <div className="guest-links">
        <Link to={PATHS.recoverPassword} className="guest-link">
          {TEXT.forgot_password}
        </Link>
      </div>
    </GuestCard>
  );
}
