import { useActionData } from "@remix-run/react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Field, TextareaField } from "~/components/forms";
import { Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { DOCUMENT_TEXT_MAX, type DocumentFileField } from "~/models/provider-documents-labels";
import {
  checkChosenFiles,
  DOCUMENT_ACCEPT,
  DOCUMENTS_STEP_FILES,
  DOCUMENTS_STEP_LABELS as L,
  type DocumentsDraft,
  type DocumentsView,
} from "~/models/provider-wizard-documents-view";
import type { WizardFrame } from "~/models/provider-wizard-labels";
import { WizardForm } from "./wizard-form";

/**
 * Documents & Terms (spec 3 §2.1): the files (a stored one shown as a link, replaced by choosing
 * another) and the terms' fields, posted as one multipart form. With JavaScript the files are
 * checked as they are chosen (type by name, size, count) and a form with a refused file is not
 * sent; the API checks everything again, by content.
 */
export function DocumentsStep({ frame, view }: { frame: WizardFrame; view: DocumentsView }) {
  const failure = useActionData<FormFailure<Partial<DocumentsDraft>>>();
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
          return (
            <Field
              key={field}
              id={`documents-${field}`}
              type="file"
              name={field}
              label={view.required.includes(field) ? `${label} *` : label}
              accept={DOCUMENT_ACCEPT}
              multiple={multiple}
              required={view.required.includes(field)}
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
                          <a href={`${view.fileBase}/${encodeURIComponent(name)}`} target="_blank" rel="noreferrer">
                            {name}
                          </a>
                        </span>
                      ))}
                      . Choose {multiple ? "files" : "a file"} to replace {stored.length > 1 ? "them" : "it"}.
                    </span>
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
        <legend>Terms</legend>
        <Field id="documents-panNumber" name="panNumber" label={L.panNumber} defaultValue={values.panNumber} maxLength={DOCUMENT_TEXT_MAX.panNumber} autoComplete="off" error={serverErrors.panNumber} />
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
        <Field id="documents-websiteLink" name="websiteLink" type="url" label={L.websiteLink} defaultValue={values.websiteLink} maxLength={DOCUMENT_TEXT_MAX.websiteLink} placeholder="https://" error={serverErrors.websiteLink} />
        <Field id="documents-certificationId" name="certificationId" label={L.certificationId} defaultValue={values.certificationId} maxLength={DOCUMENT_TEXT_MAX.certificationId} error={serverErrors.certificationId} />
        <TextareaField id="documents-documentComment" name="documentComment" label={L.documentComment} defaultValue={values.documentComment} maxLength={DOCUMENT_TEXT_MAX.documentComment} rows={3} error={serverErrors.documentComment} />
      </fieldset>
    </WizardForm>
  );
}
