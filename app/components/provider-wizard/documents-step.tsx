import { useActionData } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { CheckboxField, Field, TextareaField } from "~/components/forms";
import { Text } from "~/components/ui";
import {
  DOCUMENT_AGREEMENT_FIELD,
  DOCUMENT_KEPT_FIELD,
  DOCUMENT_REMOVE_FIELD,
  DOCUMENT_TEXT_MAX,
  type DocumentFileField,
} from "~contract/provider-documents-labels";
import {
  checkChosenFiles,
  DOCUMENT_ACCEPT,
  DOCUMENTS_STEP_FILES,
  DOCUMENTS_STEP_LABELS as L,
  TERMS_LABELS as T,
  type DocumentsFailure,
  type DocumentsView,
} from "~/models/provider-wizard-documents-view";
import { YEAR_OF_PASSING_LENGTH, type WizardFrame } from "~/models/provider-wizard-labels";
import { WizardForm } from "./wizard-form";

/**
 * Documents & Terms (spec 3 §2.1): the files (a stored one shown as a link under the name it was
 * chosen under, replaced by choosing another, an optional one removable), the fields, and the
 * latest published Terms and Conditions, posted as one multipart form. A provider who has not
 * accepted that version ticks the box (the API checks it). After a refused save the files that
 * passed are shown as kept and go with the next save. With JavaScript the files are checked as
 * they are chosen (type by name, size, count) and a form with a refused file is not sent; the API
 * checks everything again, by content.
 */
export function DocumentsStep({ frame, view }: { frame: WizardFrame; view: DocumentsView }) {
  const failure = useActionData<DocumentsFailure>();
  const values = { ...view.values, ...(failure?.repopulateFields ?? {}) };
  const serverErrors = failure?.fieldErrors ?? {};
  // the browser's check of each field's chosen files, and which answer it came after: files chosen
  // after a refused save replace that answer's message, files chosen before it do not
  const [chosen, setChosen] = useState<Partial<Record<DocumentFileField, { error: string | null; after: unknown }>>>({});
  const errorOf = (field: DocumentFileField) => {
    const check = chosen[field];
    return (check && (check.error || check.after === failure) ? check.error : serverErrors[field]) ?? null;
  };

  const onChoose = (field: DocumentFileField) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    setChosen((held) => ({ ...held, [field]: { error: checkChosenFiles(field, files), after: failure } }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const firstRefused = DOCUMENTS_STEP_FILES.find(({ field }) => chosen[field]?.error);
    if (!firstRefused) return;
    event.preventDefault();
    event.currentTarget.querySelector<HTMLInputElement>(`#documents-${firstRefused.field}`)?.focus();
  };

  return (
    <WizardForm frame={frame} formError={failure?.formError} encType="multipart/form-data" onSubmit={onSubmit}>
      <fieldset className="wizard-documents-files">
        <legend>Documents</legend>
        {DOCUMENTS_STEP_FILES.map(({ field, label, multiple, hint }) => {
          const stored = view.stored[field];
          const kept = failure?.kept?.[field] ?? [];
          const removable = view.removable.includes(field) && stored.length > 0;
          return (
            <Field
              key={field}
              id={`documents-${field}`}
              type="file"
              name={field}
              label={view.required.includes(field) ? `${label} *` : label}
              accept={DOCUMENT_ACCEPT}
              multiple={multiple}
              required={view.required.includes(field) && kept.length === 0}
              onChange={onChoose(field)}
              error={errorOf(field)}
              hint={
                <>
                  {hint ? <span>{hint} </span> : null}
                  {stored.length > 0 ? (
                    <span className="wizard-documents-stored">
                      Stored:{" "}
                      {stored.map((name, index) => (
                        <span key={name}>
                          {index > 0 ? ", " : null}
                          <a href={`${view.fileBase}/${encodeURIComponent(name)}`} target="_blank" rel="noreferrer" title={name}>
                            {view.fileNames[name] ?? name}
                          </a>
                        </span>
                      ))}
                      . Choose {multiple ? "files" : "a file"} to replace {stored.length > 1 ? "them" : "it"}.
                    </span>
                  ) : null}
                  {kept.length > 0 ? (
                    <span className="wizard-documents-kept">
                      {" "}
                      Kept from your last try: {kept.map((file) => file.name).join(", ")} (saved with this form unless you choose{" "}
                      {multiple ? "other files" : "another file"}).
                      {kept.map((file) => (
                        <input key={file.token} type="hidden" name={DOCUMENT_KEPT_FIELD} value={`${field}:${file.token}`} />
                      ))}
                    </span>
                  ) : null}
                  {removable ? (
                    <label className="wizard-documents-remove">
                      {" "}
                      <input type="checkbox" name={DOCUMENT_REMOVE_FIELD} value={field} /> Remove the stored {label.toLowerCase()}
                    </label>
                  ) : null}
                </>
              }
            />
          );
        })}
        <Text as="p" size="1" color="gray">
          JPG, PNG, PDF, Word, PPT or video (MP4, QuickTime, AVI, FLV, WMV); 2 MB per file, the portfolio 100 MB together.
        </Text>
      </fieldset>
      <fieldset className="wizard-documents-terms">
        <legend>Details</legend>
        <Field
          id="documents-panNumber"
          name="panNumber"
          label={L.panNumber}
          defaultValue={values.panNumber}
          maxLength={DOCUMENT_TEXT_MAX.panNumber}
          autoComplete="off"
          error={serverErrors.panNumber}
        />
        <Field
          id="documents-gstNo"
          name="gstNo"
          label={L.gstNo}
          defaultValue={values.gstNo}
          maxLength={DOCUMENT_TEXT_MAX.gstNo}
          autoComplete="off"
          hint="Mandatory above 20 lakh annual turnover."
          error={serverErrors.gstNo}
        />
        <Field
          id="documents-websiteLink"
          name="websiteLink"
          type="url"
          label={L.websiteLink}
          defaultValue={values.websiteLink}
          maxLength={DOCUMENT_TEXT_MAX.websiteLink}
          placeholder="https://"
          error={serverErrors.websiteLink}
        />
        <Field
          id="documents-certificationId"
          name="certificationId"
          label={L.certificationId}
          defaultValue={values.certificationId}
          maxLength={DOCUMENT_TEXT_MAX.certificationId}
          autoComplete="off"
          error={serverErrors.certificationId}
        />
        <Field
          id="documents-yearOfPassing"
          name="yearOfPassing"
          label={L.yearOfPassing}
          defaultValue={values.yearOfPassing}
          maxLength={YEAR_OF_PASSING_LENGTH}
          inputMode="numeric"
          autoComplete="off"
          hint="4 digits, e.g. 2012"
          error={serverErrors.yearOfPassing}
        />
        <TextareaField
          id="documents-documentComment"
          name="documentComment"
          label={L.documentComment}
          defaultValue={values.documentComment}
          maxLength={DOCUMENT_TEXT_MAX.documentComment}
          rows={3}
          error={serverErrors.documentComment}
        />
      </fieldset>
      <TermsPart
        terms={view.terms}
        accepted={failure ? failure.repopulateFields.agreement !== undefined : false}
        error={serverErrors[DOCUMENT_AGREEMENT_FIELD]}
      />
    </WizardForm>
  );
}

/** The latest published Terms and Conditions, and the box to accept them (or who accepted what). */
function TermsPart({ terms, accepted, error }: { terms: DocumentsView["terms"]; accepted: boolean; error?: string }) {
  const { latest } = terms;
  return (
    <fieldset className="wizard-documents-agreement" aria-describedby="terms-status">
      <legend>{T.legend}</legend>
      {latest ? (
        <>
          <Text as="p" size="2" weight="medium">
            Version {latest.version}
          </Text>
          {/* sanitised on the server (the terms editor's allow-list) */}
          <section
            className="wizard-terms-text rich-text"
            aria-label={`Terms and Conditions, version ${latest.version}`}
            dangerouslySetInnerHTML={{ __html: latest.html }}
          />
        </>
      ) : (
        <Text as="p" size="2" color="gray">
          {T.nonePublished}
        </Text>
      )}
      <Text as="p" size="2" id="terms-status">
        {terms.byAdmin
          ? terms.accepted
            ? T.acceptedByProvider(terms.accepted.version, terms.accepted.acceptedAt, terms.accepted.ip)
            : latest
              ? T.notAccepted
              : null
          : terms.accepted && !terms.ask
            ? T.accepted(terms.accepted.version, terms.accepted.acceptedAt)
            : terms.accepted && terms.ask
              ? T.newVersion
              : null}
      </Text>
      {latest && terms.ask ? (
        <CheckboxField
          id={`documents-${DOCUMENT_AGREEMENT_FIELD}`}
          name={DOCUMENT_AGREEMENT_FIELD}
          value={String(latest.id)}
          label={T.accept(latest.version)}
          required
          defaultChecked={accepted}
          error={error}
        />
      ) : null}
    </fieldset>
  );
}
