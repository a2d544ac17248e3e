import './guest.css';
import { type InputHTMLAttributes, type ReactNode, useEffect } from 'react';
import { GUEST_TEXT, guestDocumentTitle } from './guestText';

export type GuestCardProps = {
  /** The page heading (h1); also names the card for assistive technology and the browser tab. */
  title: string;
  titleId: string;
  children: ReactNode;
};

/**
 * The frame of the guest screens that load before react-admin (login, code step): plain elements
 * and a style sheet in the look of the session card, so the login page downloads no MUI.
 */
export function GuestCard({ title, titleId, children }: GuestCardProps) {
  useEffect(() => {
    const previous = document.title;
    document.title = guestDocumentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <main className="guest-page">
      <section className="guest-card" aria-labelledby={titleId}>
        <div className="guest-brand">
          <p className="guest-name">{GUEST_TEXT.app.name}</p>
          <p className="guest-tagline">{GUEST_TEXT.app.tagline}</p>
        </div>
        <h1 id={titleId} className="guest-title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

export type GuestFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  /** The message under the field; marks it invalid. */
  error?: string;
  /** Drawn inside the field's box, after the input (the password's show/hide button). */
  adornment?: ReactNode;
};

/** A labelled input with its error beneath, as react-admin's inputs show them. */
export function GuestField({ id, label, error, adornment, required, ...input }: GuestFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="guest-field">
      <label htmlFor={id} className="guest-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className={error ? 'guest-box guest-box-invalid' : 'guest-box'}>
        <input
          id={id}
          className="guest-input"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          {...input}
        />
        {adornment}
      </div>
      {error ? (
        <p id={errorId} className="guest-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The main button of a guest screen, with a spinner while its request runs. */
export function GuestSubmit({
  busy,
  disabled,
  children,
}: {
  busy: boolean;
  disabled: boolean;
  children: string;
}) {
  return (
    <button type="submit" className="guest-button" disabled={disabled}>
      {busy ? <span className="guest-spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
