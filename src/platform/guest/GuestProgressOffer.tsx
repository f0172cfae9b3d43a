import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSessionStore } from '../session/sessionStore.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { type GuestItem, offerableGuestItems } from './guestItems.ts';
import { heldScoreCount, type KeepProgress, keepInAccount, keepOnDevice } from './keepInAccount.ts';
import './guest.css';

/** What the offer lists: the items, and how many of the guest's scores wait to be sent. */
interface Offer {
  items: GuestItem[];
  scores: number;
}

type Phase =
  | { name: 'asking' }
  | { name: 'keeping'; progress: KeepProgress }
  | { name: 'failed'; message: string }
  | { name: 'kept' };

const APP_NAMES: Record<string, string> = {
  synth: 'Synth Loops',
  gravity: 'Gravity Simulator',
  yardcore: 'Yardcore',
};

/**
 * After a sign-in on a device where a guest made things (local items not offered before, or
 * scores queued while signed out): "Keep these in your account?" with the list. Keep uploads
 * them as saves; Not now leaves them here. Shown once per set of items.
 */
export function GuestProgressOffer() {
  const signedIn = useSessionStore((s) => s.status === 'signedIn');
  const [offer, setOffer] = useState<Offer | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'asking' });

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void (async () => {
      const items = offerableGuestItems();
      const scores = await heldScoreCount();
      if (!cancelled && (items.length || scores)) {
        setPhase({ name: 'asking' });
        setOffer({ items, scores });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  if (!offer) return null;
  const close = () => setOffer(null);

  const keep = async () => {
    setPhase({ name: 'keeping', progress: { kept: 0, total: offer.items.length } });
    try {
      await keepInAccount(offer.items, (progress) => setPhase({ name: 'keeping', progress }));
      setPhase({ name: 'kept' });
    } catch (error) {
      // What was kept is gone from the list; the rest is still here for Try again.
      const left = offerableGuestItems().filter((item) => offer.items.some((o) => o.id === item.id));
      setOffer({ ...offer, items: left });
      const reason = error instanceof Error && error.message ? error.message : 'Save failed';
      setPhase({ name: 'failed', message: reason });
    }
  };

  const notNow = async () => {
    close();
    await keepOnDevice(offer.items).catch(() => {});
  };

  const busy = phase.name === 'keeping';
  return (
    <Dialog
      open
      onClose={busy ? () => {} : phase.name === 'kept' ? close : notNow}
      title="Keep these in your account?"
    >
      {phase.name === 'kept' ? (
        <>
          <p className="pf-dialog__message" role="status">
            Kept in your account.
          </p>
          <div className="pf-dialog__actions">
            <Link className="button button--ghost" to="/account" onClick={close}>
              My account
            </Link>
            <button type="button" className="button" onClick={close}>
              Done
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="pf-dialog__message">You made these on this device before signing in:</p>
          <ul className="guest-offer__list">
            {offer.items.map((item) => (
              <li key={item.id}>
                <span className="guest-offer__app">{APP_NAMES[item.appId] ?? item.appId}</span> {item.label}
              </li>
            ))}
            {offer.scores > 0 && (
              <li>
                <span className="guest-offer__app">Scores</span>{' '}
                {offer.scores === 1
                  ? '1 score waiting to be sent'
                  : `${offer.scores} scores waiting to be sent`}
              </li>
            )}
          </ul>
          <p className="guest-offer__note">Not now keeps them on this device only.</p>
          <p role="status" className="guest-offer__status">
            {phase.name === 'keeping' && `Keeping ${phase.progress.kept} of ${phase.progress.total}…`}
            {phase.name === 'failed' &&
              `Not everything could be kept: ${phase.message}. Nothing was lost; try again.`}
          </p>
          <div className="pf-dialog__actions">
            <button type="button" className="button button--ghost" onClick={notNow} disabled={busy}>
              Not now
            </button>
            <button type="button" className="button" onClick={keep} disabled={busy}>
              {phase.name === 'failed' ? 'Try again' : 'Keep them'}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
