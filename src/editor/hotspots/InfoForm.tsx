// An info hotspot's title and text. The text is HTML the server sanitises through the HTML policy before it is
// stored (scripts, handlers and foreign pictures go); plain text is kept as written.
import { useId, useState } from 'react';
import { INFO_TEXT_MAX, INFO_TITLE_MAX } from '../../../contract/hotspotLimits';

export function InfoForm({
  title,
  text,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  text: string;
  submitLabel: string;
  onSubmit: (v: { title: string; text: string }) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [t, setT] = useState(title);
  const [body, setBody] = useState(text);
  return (
    <form
      className="editor-form info-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit({ title: t.trim(), text: body });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={t}
          maxLength={INFO_TITLE_MAX}
          required
          onChange={(e) => setT(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Text (HTML allowed: paragraphs, bold, lists, links)</label>
        <textarea
          id={`${id}-text`}
          value={body}
          rows={5}
          maxLength={INFO_TEXT_MAX}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <div className="form-actions">
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="primary" disabled={!t.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
