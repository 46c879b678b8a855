import { valibotResolver } from '@hookform/resolvers/valibot';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as v from 'valibot';
import type { TermsVersion } from '#domain/api/agreements';
import { agencyTermsSchema, TERMS_MAX } from '#domain/schemas/agreement';
import { Button } from '../../../components/button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { Refusal } from '../../../components/refusal.tsx';
import { StatusMessage } from '../../../components/status-message.tsx';
import { TextAreaField } from '../../../components/text-field.tsx';
import { useDirtyForm } from '../../../lib/dirty-forms.ts';
import { refusalOf } from '../../../lib/form-errors.ts';
import { useOnline } from '../../../offline/connectivity.ts';
import { useAgencyTerms, useSaveAgencyTerms } from '../api/agency-terms.ts';

const NOT_SAVED = 'The terms could not be saved.';
const NEEDS_CONNECTION = 'Saving the terms needs a connection. Try again when you are back online.';
const LEAD =
  'The terms every rental agreement prints. Each save is a new version; an agreement names the version it used, and earlier versions are kept as they were signed.';

type TermsInput = v.InferInput<typeof agencyTermsSchema>;
type TermsOutput = v.InferOutput<typeof agencyTermsSchema>;

const versionLine = (terms: TermsVersion) =>
  `Version ${terms.version}, saved ${new Date(terms.created_at).toLocaleDateString('en-GB')}${
    terms.created_by ? ` by ${terms.created_by}` : ''
  }.`;

/** "Rental terms" in Settings: the owner writes the agency's terms (each save a new version); agents read them. */
export function TermsPanel({ canEdit }: { canEdit: boolean }) {
  const query = useAgencyTerms();
  return (
    <section className="settings-panel" aria-labelledby="terms-title">
      <h2 id="terms-title" className="settings-panel__title">
        Rental terms
      </h2>
      <p className="settings-panel__lead">{LEAD}</p>
      {query.data ? (
        canEdit ? (
          <TermsForm current={query.data.current} />
        ) : query.data.current ? (
          <>
            <p className="settings-panel__lead">{versionLine(query.data.current)}</p>
            <p className="terms-panel__text">{query.data.current.text}</p>
            <p className="settings-panel__lead">Only the agency owner can change them.</p>
          </>
        ) : (
          <p className="settings-panel__lead">No terms yet. Only the agency owner can write them.</p>
        )
      ) : (
        <QueryFallback
          query={query}
          loadingLabel="Loading the rental terms..."
          failure="The rental terms could not be loaded."
          offline="The rental terms will appear when the connection returns."
        />
      )}
    </section>
  );
}

function TermsForm({ current }: { current: TermsVersion | null }) {
  const online = useOnline();
  const save = useSaveAgencyTerms();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const baseline = useMemo<TermsInput>(() => ({ text: current?.text ?? '' }), [current]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TermsInput, unknown, TermsOutput>({
    resolver: valibotResolver(agencyTermsSchema),
    defaultValues: baseline,
    values: baseline,
    resetOptions: { keepDirtyValues: true },
  });
  useDirtyForm(isDirty);

  const submit = async (input: TermsOutput) => {
    setRefusal(null);
    setSaved(null);
    try {
      const version = await save.mutateAsync(input);
      reset({ text: version.text });
      setSaved(version.version);
    } catch (error) {
      setRefusal(refusalOf(error, setError, ['text'], NOT_SAVED));
    }
  };

  return (
    <form className="form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-label="Rental terms">
      {!online ? <StatusMessage tone="warning">{NEEDS_CONNECTION}</StatusMessage> : null}
      <TextAreaField
        label="Terms"
        rows={10}
        hint={current ? versionLine(current) : `No terms yet. Up to ${TERMS_MAX.toLocaleString('en-GB')} characters.`}
        error={errors.text?.message}
        {...register('text')}
      />
      {saved !== null ? <StatusMessage tone="success">{`Saved as version ${saved}.`}</StatusMessage> : null}
      <div className="form__actions">
        <Refusal message={refusal} />
        <Button type="submit" disabled={save.isPending || !online}>
          {save.isPending ? 'Saving...' : 'Save as new version'}
        </Button>
      </div>
    </form>
  );
}
