import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AdminSessionUser, isNetworkError, loginAdmin } from './adminApi.ts';

export interface AdminLoginProps {
  onSignedIn: (user: AdminSessionUser) => void;
}

/** 'Admin Login' (spec §2): username or email, password, then a 6-digit code when the server asks. */
export function AdminLogin({ onSignedIn }: AdminLoginProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const totpRef = useRef<HTMLInputElement>(null);
  const ids = { user: useId(), pass: useId(), totp: useId(), error: useId() };

  // The code field appears when the server asks for it: move there.
  useEffect(() => {
    if (needsTotp) totpRef.current?.focus();
  }, [needsTotp]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Username and password are required');
      return;
    }
    if (needsTotp && !totp.trim()) {
      setError('Please enter your 2FA code');
      totpRef.current?.focus();
      return;
    }
    if (needsTotp && !/^\d{6}$/.test(totp.trim())) {
      setError('The 2FA code is 6 digits');
      totpRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await loginAdmin(username.trim(), password, needsTotp ? totp.trim() : undefined);
      if (answer.success && answer.user) {
        onSignedIn(answer.user);
        return;
      }
      if (answer.requiresTOTP) {
        const first = !needsTotp;
        setNeedsTotp(true);
        setError(first ? 'Please enter your 2FA code' : answer.error || 'Login failed');
        setTotp('');
        totpRef.current?.focus();
        return;
      }
      setError(answer.error || 'Login failed');
    } catch (err) {
      setError(isNetworkError(err) ? 'Network error. Please try again.' : 'Login failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-card admin-login" aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">Admin Login</h2>
      <form
        onSubmit={onSubmit}
        className="admin-login__form"
        noValidate
        aria-describedby={error ? ids.error : undefined}
      >
        <div className="pf-field">
          <label htmlFor={ids.user}>Username or Email</label>
          <input
            id={ids.user}
            className="pf-input"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </div>
        <div className="pf-field">
          <label htmlFor={ids.pass}>Password</label>
          <input
            id={ids.pass}
            className="pf-input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        {needsTotp && (
          <div className="pf-field">
            <label htmlFor={ids.totp}>2FA Code</label>
            <input
              id={ids.totp}
              ref={totpRef}
              className="pf-input admin-login__totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={totp}
              onChange={(e) => setTotp(e.target.value.replace(/\D/g, '').slice(0, 6))}
              required
            />
          </div>
        )}
        <p id={ids.error} className="admin-login__error pf-error" role="alert">
          {error ?? ''}
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Logging in…' : needsTotp ? 'Verify' : 'Log in'}
        </button>
      </form>
    </section>
  );
}
