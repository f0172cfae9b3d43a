import { useEffect, useState } from 'react';
import type { ProviderId, ProvidersResponse } from '../../api/types.ts';
import { apiGet } from '../../lib/api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import {
  currentPath,
  type DevLoginAs,
  devLoginUrl,
  isDevHost,
  oauthStartUrl,
  pageNavigation,
} from './pageNavigation.ts';
import './session.css';

export interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
}

const PROVIDERS: { id: ProviderId; name: string; mark: string }[] = [
  { id: 'google', name: 'Google', mark: 'G' },
  { id: 'microsoft', name: 'Microsoft', mark: '⊞' },
  { id: 'facebook', name: 'Facebook', mark: 'f' },
];

const DEV_LOGINS: { as: DevLoginAs; label: string }[] = [
  { as: 'admin', label: 'Dev: Admin' },
  { as: 'user', label: 'Dev: User' },
  { as: 'invalid', label: 'Dev: Invalid' },
];

type Availability = 'checking' | Partial<Record<ProviderId, boolean>>;

/** Sign-in choices of spec §2: Google, Microsoft, Facebook (coming soon) and, on local hosts, Dev logins. */
export function SignInDialog({ open, onClose }: SignInDialogProps) {
  const [availability, setAvailability] = useState<Availability>('checking');

  useEffect(() => {
    if (!open) return;
    let live = true;
    apiGet<ProvidersResponse>('/api/account/providers.php')
      .then((answer) => {
        if (!live) return;
        setAvailability(Object.fromEntries((answer.providers ?? []).map((p) => [p.id, p.available])));
      })
      .catch(() => {
        // Unknown: leave the buttons on; the server answers a provider that is not configured.
        if (live) setAvailability({});
      });
    return () => {
      live = false;
    };
  }, [open]);

  const devHost = isDevHost(window.location.hostname);

  return (
    <Dialog open={open} onClose={onClose} title="Sign in" className="signin-dialog">
      <p className="signin-dialog__lead">Sign in to save your work and put your name on your scores.</p>
      <div className="signin-dialog__providers">
        {PROVIDERS.map((provider) => {
          const comingSoon = provider.id === 'facebook';
          const unavailable =
            comingSoon || availability === 'checking' || availability[provider.id] === false;
          return (
            <button
              key={provider.id}
              type="button"
              className={`signin-provider signin-provider--${provider.id}`}
              disabled={unavailable}
              onClick={() => pageNavigation.assign(oauthStartUrl(provider.id))}
            >
              <span className="signin-provider__mark" aria-hidden="true">
                {provider.mark}
              </span>
              <span>Continue with {provider.name}</span>
              {comingSoon && <span className="signin-provider__note">coming soon</span>}
              {!comingSoon && availability !== 'checking' && availability[provider.id] === false && (
                <span className="signin-provider__note">unavailable</span>
              )}
            </button>
          );
        })}
      </div>
      {devHost && (
        <fieldset className="signin-dialog__dev">
          <legend>Developer testing</legend>
          <div className="signin-dialog__dev-buttons">
            {DEV_LOGINS.map((dev) => (
              <button
                key={dev.as}
                type="button"
                className="button button--ghost button--small"
                onClick={() => pageNavigation.assign(devLoginUrl(dev.as, currentPath()))}
              >
                {dev.label}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </Dialog>
  );
}
