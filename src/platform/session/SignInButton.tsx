import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { OFFLINE_TEXT, useOnline } from '../../lib/pwa/online.ts';

// The dialog is loaded when it is needed, not with the page: the home page paints without it
// (README, "Home page size"). A pointer over the button or focus on it fetches it ahead of the click.
const loadSignInDialog = () => import('./SignInDialog.tsx');
const SignInDialog = lazy(() => loadSignInDialog().then((m) => ({ default: m.SignInDialog })));

/**
 * "Sign in": opens the sign-in dialog (spec §2). Offline it is disabled and says why, in an
 * element of `reasonClassName`. The header's account button and My account's signed-out card
 * each show one.
 */
export function SignInButton({
  className,
  reasonClassName,
  busy = false,
  children,
}: {
  className: string;
  reasonClassName: string;
  /** While the session check runs: disabled and marked busy (the same button, so focus and hover stay). */
  busy?: boolean;
  children: ReactNode;
}) {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  // The dialog stays mounted once opened, so closing it runs its own close (focus return).
  const [wanted, setWanted] = useState(false);
  const reasonId = useId();
  const preload = () => void loadSignInDialog();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        disabled={busy || !online}
        aria-busy={busy || undefined}
        aria-describedby={online ? undefined : reasonId}
        title={online ? undefined : OFFLINE_TEXT.signIn}
      >
        {children}
      </button>
      {!online && (
        <span id={reasonId} className={reasonClassName}>
          {OFFLINE_TEXT.signIn}
        </span>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <SignInDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
