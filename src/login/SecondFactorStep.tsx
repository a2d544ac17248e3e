import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GuestField, GuestSubmit } from './GuestCard';
import { fillText, GUEST_TEXT } from './guestText';
import type { PendingSignIn, SignIn } from './signIn';

const TEXT = GUEST_TEXT.app.session.second_factor;
const LOGIN_ERROR = GUEST_TEXT.app.login.error;

export type SecondFactorStepProps = {
  pending: PendingSignIn;
  /** Back to the credentials (another account, or a challenge that can no longer be used). */
  onBack: () => void;
  signIn: () => Promise<SignIn>;
};

/** Keeps only digits, at most six: pasted codes with spaces or dashes still work. */
const onlyDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);
const codeError = (code: string) =>
  !code ? GUEST_TEXT.validation.required : /^\d{6}$/.test(code) ? undefined : TEXT.invalid_code;

/** The login's second step: the 6-digit code e-mailed to the user, with "Reenviar código". */
export function SecondFactorStep({ pending, onBack, signIn }: SecondFactorStepProps) {
  const navigate = useNavigate();
  const [delivery, setDelivery] = useState({
    sentTo: pending.sentTo,
    expiresInSeconds: pending.expiresInSeconds,
  });
  const [code, setCode] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const error = attempted ? codeError(code) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (codeError(code)) return;
    setFailure(null);
    setNotice(null);
    setBusy('verify');
    try {
      const outcome = await (await signIn()).login({ challenge: pending.challenge, code });
      if (outcome.kind === 'signedIn') navigate(outcome.redirectTo);
      // One field: the alert says it all (its field error would only repeat it).
      else setFailure((outcome.kind === 'refused' && outcome.message) || LOGIN_ERROR);
    } catch {
      setFailure(LOGIN_ERROR);
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setFailure(null);
    setNotice(null);
    setBusy('resend');
    try {
      const reply = await (await signIn()).sendCode(pending.challenge);
      if ('sentTo' in reply) {
        setDelivery(reply);
        setNotice(fillText(TEXT.resent, { sentTo: reply.sentTo }));
      } else setFailure(reply.message ?? LOGIN_ERROR);
    } catch {
      setFailure(LOGIN_ERROR);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p className="guest-note">
        {fillText(TEXT.sent_to, {
          sentTo: delivery.sentTo,
          minutes: Math.max(1, Math.round(delivery.expiresInSeconds / 60)),
        })}
      </p>
      {failure ? (
        <div className="guest-alert guest-alert-error" role="alert">
          {failure}
        </div>
      ) : null}
      {notice ? (
        <div className="guest-alert guest-alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <form onSubmit={submit} noValidate>
        <GuestField
          id="code"
          name="code"
          label={TEXT.code}
          value={code}
          onChange={(event) => setCode(onlyDigits(event.target.value))}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          autoFocus
          style={{ letterSpacing: '0.4em', fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}
        />
        <GuestSubmit busy={busy === 'verify'} disabled={busy !== null}>
          {TEXT.submit}
        </GuestSubmit>
      </form>
      <div className="guest-links guest-links-apart">
        <button type="button" className="guest-link" onClick={onBack} disabled={busy !== null}>
          {TEXT.back}
        </button>
        <button type="button" className="guest-link" onClick={resend} disabled={busy !== null}>
          {TEXT.resend}
        </button>
      </div>
    </>
  );
}
