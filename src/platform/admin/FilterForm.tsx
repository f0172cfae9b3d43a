import { useId, useState } from 'react';

/**
 * The text a listing is narrowed by (a game's scores by player name, users by name or
 * email): typed freely, and applied only by the button or Enter, so a listing is not fetched
 * at each keystroke. The tab keys its PagedTable by the applied text, so a new one starts
 * over at page 1.
 */
export function FilterForm({
  formLabel,
  label,
  placeholder,
  submitLabel,
  type = 'text',
  onApply,
}: {
  /** The form's accessible name. */
  formLabel: string;
  /** The input's visible label. */
  label: string;
  placeholder: string;
  submitLabel: string;
  type?: 'text' | 'search';
  onApply(text: string): void;
}) {
  const [input, setInput] = useState('');
  const inputId = useId();
  return (
    <form
      className="admin-filter"
      aria-label={formLabel}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(input);
      }}
    >
      <label htmlFor={inputId} className="pf-label">
        {label}
      </label>
      <input
        id={inputId}
        className="pf-input"
        type={type}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        placeholder={placeholder}
      />
      <button type="submit" className="button button--small">
        {submitLabel}
      </button>
    </form>
  );
}
