import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields of the question (a reason, a course to move to): the first of them gets the focus. */
  children?: ReactNode;
  /** `primary` for an answer that destroys nothing. */
  tone?: 'danger' | 'primary';
  confirmDisabled?: boolean;
}

const FOCUSABLE = 'button:not([disabled]), input, select, textarea, a[href]';
const FIELD = 'input, select, textarea';

/**
 * A modal question (delete, leave unsaved changes): focus goes to the safe answer, Escape cancels, and
 * Tab stays inside while it is open.
 */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel, children, tone = 'danger', confirmDisabled }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = dialogRef.current?.querySelector<HTMLElement>(FIELD);
    (field ?? cancelRef.current)?.focus();
    return () => previous?.focus();
  }, []);

  return (
    <div className="admin-dialog__backdrop">
      {/* The keys act on the dialog's own buttons (Escape, Tab wrapping); the dialog is no control itself. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        className="admin-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Tab') {
            const buttons = dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE);
            if (!buttons || buttons.length === 0) return;
            const first = buttons[0];
            const last = buttons[buttons.length - 1];
            if (event.shiftKey && document.activeElement === first) {
              event.preventDefault();
              last?.focus();
            } else if (!event.shiftKey && document.activeElement === last) {
              event.preventDefault();
              first?.focus();
            }
          }
        }}
      >
        <h2 id={titleId} className="admin-dialog__title">
          {title}
        </h2>
        <p id={textId}>{text}</p>
        {children}
        <div className="admin-dialog__actions">
          <button ref={cancelRef} type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={tone === 'danger' ? 'button button--danger' : 'button button--primary'} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
