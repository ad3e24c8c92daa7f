import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { FieldNotes } from './field.tsx';
import './file-drop-zone.css';

/**
 * Drop a file on the zone, or press its button (a real file input, visually hidden, so the keyboard,
 * screen readers and form tests reach it by its label). Calls back with the first file, or null.
 */
export function FileDropZone({
  label,
  accept,
  onFile,
  file,
  hint,
  error,
  dropText = 'Drop a file here, or',
  disabled,
}: {
  /** The button's words, also the input's accessible name ("Choose a CSV file"). */
  label: string;
  accept?: string;
  onFile: (file: File | null) => void;
  /** The chosen file, shown with its size. */
  file?: { name: string; size: number } | null;
  hint?: ReactNode;
  error?: ReactNode;
  dropText?: string;
  disabled?: boolean;
}) {
  const id = `fd${useId().replace(/:/g, '')}`;
  const [over, setOver] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFile(e.dataTransfer.files?.[0] ?? null);
  };
  return (
    <div>
      <div
        className="ui-drop"
        data-over={over || undefined}
        data-disabled={disabled || undefined}
        onDragOver={(e) => {
          e.preventDefault();
          if (!over) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Upload size={28} aria-hidden className="ui-drop-icon" />
        <p className="ui-drop-text">{dropText}</p>
        <input
          id={id}
          type="file"
          className="visually-hidden ui-drop-input"
          accept={accept}
          disabled={disabled}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            e.target.value = '';
          }}
        />
        <label htmlFor={id} className="btn btn-secondary ui-drop-button">
          {label}
        </label>
        {file ? (
          <p className="ui-drop-file">
            <strong className="break">{file.name}</strong> <span className="muted">({(file.size / 1024).toFixed(1)} KB)</span>
          </p>
        ) : null}
      </div>
      <FieldNotes hintId={hintId} hint={hint} errorId={errorId} error={error} />
    </div>
  );
}
