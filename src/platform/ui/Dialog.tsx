import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './controls.css';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  /** Escape, a backdrop click and the close button all call this. */
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title?: ReactNode;
  /** Id of the element that names the dialog when there is no title. */
  labelledBy?: string;
  describedBy?: string;
  /** Hides the × button (the async dialogs have their own Cancel). */
  hideCloseButton?: boolean;
  className?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open dialogs, innermost last: only the top one answers Escape and keeps focus.
const openStack: string[] = [];
let savedOverflow: string | null = null;

function lockScroll() {
  if (savedOverflow === null) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
}
function unlockScroll() {
  if (openStack.length === 0 && savedOverflow !== null) {
    document.body.style.overflow = savedOverflow;
    savedOverflow = null;
  }
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * The one modal dialog of the platform: labelled, focus trapped inside and returned to
 * the opener on close, page scroll locked while open (spec §2).
 */
export function Dialog({
  open,
  onClose,
  title,
  labelledBy,
  describedBy,
  hideCloseButton = false,
  className,
  children,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const backdropPress = useRef(false);

  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(id);
    lockScroll();
    const panel = panelRef.current;
    if (panel) {
      const preferred = panel.querySelector<HTMLElement>('[data-autofocus]');
      (preferred ?? focusables(panel).find((el) => !el.dataset.dialogClose) ?? panel).focus();
    }
    return () => {
      const at = openStack.lastIndexOf(id);
      if (at >= 0) openStack.splice(at, 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, id]);

  // Focus that wanders out (e.g. a click on the page behind) is pulled back in.
  useEffect(() => {
    if (!open) return;
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (!panel || openStack[openStack.length - 1] !== id) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [open, id]);

  // Escape closes the top dialog wherever the focus is inside it, and also when the focus
  // has fallen to the page's body (listened on the document, so a key that reaches nothing
  // inside still counts). A control inside that handled Escape itself (preventDefault) wins.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || openStack[openStack.length - 1] !== id) return;
      const panel = panelRef.current;
      const target = event.target;
      const inside = target instanceof Node && panel?.contains(target);
      if (!inside && target !== document.body && target !== document.documentElement) return;
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, id]);

  // A focused control that becomes disabled, inert or removed would drop the focus to the
  // page's body (out of the dialog, where Tab and Escape no longer reach it): the dialog
  // itself takes the focus instead, before the browser moves it.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const reclaim = () => {
      if (openStack[openStack.length - 1] !== id || !panel.isConnected) return;
      const active = document.activeElement;
      const dropped = !active || active === document.body || active === document.documentElement;
      const stranded =
        active instanceof HTMLElement &&
        active !== panel &&
        panel.contains(active) &&
        (active.matches(':disabled') || active.closest('[inert]') !== null);
      if (dropped || stranded) panel.focus();
    };
    const observer = new MutationObserver(reclaim);
    observer.observe(panel, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'inert', 'hidden'],
    });
    // Focus lost with nowhere to go (relatedTarget null), e.g. a browser's own focus fixup.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null) setTimeout(reclaim, 0);
    };
    panel.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      panel.removeEventListener('focusout', onFocusOut);
    };
  }, [open, id]);

  if (!open) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (openStack[openStack.length - 1] !== id) return;
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusables(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Escape and the close button are its keyboard paths
    <div
      className="pf-dialog-backdrop"
      onPointerDown={(e) => {
        backdropPress.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // Only a press that started and ended on the backdrop closes (not a text drag out of the panel).
        if (e.target === e.currentTarget && backdropPress.current) onCloseRef.current();
        backdropPress.current = false;
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className ? `pf-dialog ${className}` : 'pf-dialog'}
        onKeyDown={onKeyDown}
      >
        {(title || !hideCloseButton) && (
          <div className="pf-dialog__head">
            {title && (
              <h2 id={titleId} className="pf-dialog__title">
                {title}
              </h2>
            )}
            {!hideCloseButton && (
              <button
                type="button"
                className="pf-dialog__close"
                aria-label="Close"
                data-dialog-close="true"
                onClick={() => onCloseRef.current()}
              >
                ×
              </button>
            )}
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
