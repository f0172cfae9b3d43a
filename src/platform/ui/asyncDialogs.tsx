/**
 * confirm / prompt / alert as promises, drawn with the platform Dialog (never window.*):
 * `if (await confirmDialog('Delete?')) …`, `const name = await promptDialog('Name', 'x')`.
 * Requests queue; one shows at a time. A `<DialogHost />` renders them; when none is
 * mounted the first call mounts one in its own root, so any code may call these.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { create } from 'zustand';
import { Dialog } from './Dialog.tsx';

interface CommonOptions {
  title?: string;
  okLabel?: string;
}
export interface ConfirmOptions extends CommonOptions {
  cancelLabel?: string;
  /** Styles OK as a destructive action. */
  danger?: boolean;
}
export interface PromptOptions extends CommonOptions {
  cancelLabel?: string;
  label?: string;
  maxLength?: number;
}

type Request =
  | { id: number; kind: 'confirm'; message: string; options: ConfirmOptions; resolve: (ok: boolean) => void }
  | {
      id: number;
      kind: 'prompt';
      message: string;
      defaultValue: string;
      options: PromptOptions;
      resolve: (value: string | null) => void;
    }
  | { id: number; kind: 'alert'; message: string; options: CommonOptions; resolve: () => void };

interface QueueState {
  queue: Request[];
}
const useDialogQueue = create<QueueState>()(() => ({ queue: [] }));

let nextId = 1;
let mountedHosts = 0;
let ownHost: HTMLElement | null = null;

function ensureHost() {
  if (mountedHosts > 0 || ownHost) return;
  ownHost = document.createElement('div');
  ownHost.dataset.dialogHost = '';
  document.body.appendChild(ownHost);
  createRoot(ownHost).render(<DialogHost />);
}

function enqueue(request: Request) {
  useDialogQueue.setState((s) => ({ queue: [...s.queue, request] }));
  ensureHost();
}

function finish(id: number) {
  useDialogQueue.setState((s) => ({ queue: s.queue.filter((r) => r.id !== id) }));
}

/** Resolves true for OK, false for Cancel, Escape, backdrop or close. */
export function confirmDialog(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => enqueue({ id: nextId++, kind: 'confirm', message, options, resolve }));
}

/** Resolves the typed text (untrimmed) for OK, null for Cancel, Escape, backdrop or close. */
export function promptDialog(
  message: string,
  defaultValue = '',
  options: PromptOptions = {},
): Promise<string | null> {
  return new Promise((resolve) =>
    enqueue({ id: nextId++, kind: 'prompt', message, defaultValue, options, resolve }),
  );
}

/** Resolves once the user dismisses the message. */
export function alertDialog(message: string, options: CommonOptions = {}): Promise<void> {
  return new Promise((resolve) => enqueue({ id: nextId++, kind: 'alert', message, options, resolve }));
}

/** Test helper: drops every queued request, answering each as cancelled. */
export function resetDialogsForTests(): void {
  const pending = useDialogQueue.getState().queue;
  useDialogQueue.setState({ queue: [] });
  for (const request of pending) {
    if (request.kind === 'confirm') request.resolve(false);
    else if (request.kind === 'prompt') request.resolve(null);
    else request.resolve();
  }
}

/** Renders the queued request at the head of the line. */
export function DialogHost() {
  const head = useDialogQueue((s) => s.queue[0]);
  useEffect(() => {
    mountedHosts++;
    return () => {
      mountedHosts--;
    };
  }, []);
  if (!head) return null;
  return <QueuedDialog key={head.id} request={head} />;
}

function QueuedDialog({ request }: { request: Request }) {
  const messageId = useId();
  const inputId = useId();
  const [value, setValue] = useState(request.kind === 'prompt' ? request.defaultValue : '');

  function settle(outcome: 'ok' | 'cancel') {
    finish(request.id);
    if (request.kind === 'confirm') request.resolve(outcome === 'ok');
    else if (request.kind === 'prompt') request.resolve(outcome === 'ok' ? value : null);
    else request.resolve();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    settle('ok');
  }

  const okLabel = request.options.okLabel ?? 'OK';
  const cancelLabel = request.kind === 'alert' ? null : (request.options.cancelLabel ?? 'Cancel');
  const danger = request.kind === 'confirm' && request.options.danger;

  return (
    <Dialog
      open
      onClose={() => settle('cancel')}
      title={request.options.title}
      labelledBy={messageId}
      describedBy={request.options.title ? messageId : undefined}
      hideCloseButton
      className="pf-dialog--small"
    >
      <form onSubmit={onSubmit} className="pf-dialog__form">
        <p id={messageId} className="pf-dialog__message">
          {request.message}
        </p>
        {request.kind === 'prompt' && (
          <>
            <label htmlFor={inputId} className="pf-visually-hidden">
              {request.options.label ?? request.message}
            </label>
            <input
              id={inputId}
              className="pf-input"
              value={value}
              maxLength={request.options.maxLength}
              onChange={(e) => setValue(e.target.value)}
              onFocus={(e) => e.currentTarget.select()}
              data-autofocus
            />
          </>
        )}
        <div className="pf-dialog__actions">
          {cancelLabel && (
            <button type="button" className="button button--ghost" onClick={() => settle('cancel')}>
              {cancelLabel}
            </button>
          )}
          <button
            type="submit"
            className={danger ? 'button pf-button--danger' : 'button'}
            data-autofocus={request.kind === 'prompt' ? undefined : true}
          >
            {okLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
