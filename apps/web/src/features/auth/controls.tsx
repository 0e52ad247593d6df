import {
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { initialsOf, photoUrl } from '../../shared/people';

/** The public screens' controls; styles in app/global.css (`ui-*`). */

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`ui-input ${props.className ?? ''}`} />;
}

const EYE =
  'M12 5c-5 0-9.3 3.1-11 7 1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';
const EYE_OFF =
  'M2.1 3.5 3.5 2.1l18.4 18.4-1.4 1.4-3.4-3.4A11.8 11.8 0 0 1 12 19c-5 0-9.3-3.1-11-7a12.6 12.6 0 0 1 4.1-5.2zM12 5c5 0 9.3 3.1 11 7a12.4 12.4 0 0 1-3.3 4.5l-3.2-3.2A4.5 4.5 0 0 0 10.7 7.6L8.4 5.3A11.8 11.8 0 0 1 12 5zm-4.5 7a4.5 4.5 0 0 0 6.1 4.2l-1.6-1.6a2.5 2.5 0 0 1-2.9-2.9L7.5 10.1c-.1.6-.1 1.2 0 1.9z';

/** A password (or PIN) field with a button that shows what was typed. */
export function PasswordInput({
  toggle = true,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { toggle?: boolean }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="ui-password">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        className={`ui-input ${props.className ?? ''}`}
      />
      {toggle && (
        <button
          type="button"
          className="ui-password__toggle"
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d={visible ? EYE_OFF : EYE} fill="currentColor" />
          </svg>
        </button>
      )}
    </div>
  );
}

export function SubmitButton({
  loading,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button
      {...props}
      type="submit"
      className="ui-button ui-button--primary ui-button--block"
      aria-busy={loading || undefined}
      disabled={loading || props.disabled}
    >
      {loading && <span className="ui-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Notice({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ui-alert" role="note">
      <svg
        viewBox="0 0 24 24"
        width="20"
        height="20"
        aria-hidden="true"
        style={{ flex: 'none', color: '#0f766e' }}
      >
        <path
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z"
          fill="currentColor"
        />
      </svg>
      <div>
        <strong>{title}</strong>
        {children}
      </div>
    </div>
  );
}

export function PersonAvatar({ fullname, photo }: { fullname: string; photo: string | null }) {
  return (
    <span className="ui-avatar" aria-hidden="true">
      {photo ? <img src={photoUrl(photo)} alt="" /> : initialsOf(fullname)}
    </span>
  );
}
