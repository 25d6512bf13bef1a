import { Flex, Grid } from "~/components/ui";
import { ValidatedForm } from "remix-validated-form";
import { Field } from "~/components/forms";
import { EditorFooter, HiddenVersion } from "./category-editor";
import { addSubCategoryValidator, editSubCategoryValidator, STATUS_OPTIONS } from "~/models/category-forms";
import { VField, VSelect, VTextarea } from "../validated-fields";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

export type SubCategoryFormValues = {
  categoryName: string;
  desc: string;
  status: string;
  pageTitle: string;
  updated_at?: string;
};

type SubCategoryEditorProps = {
  mode: "add" | "edit";
  parentName: string;
  defaults: SubCategoryFormValues;
  cancelTo: string;
};

/** Add Sub Category and Edit Sub Category (spec 1 §2.9, §2.10): one editor for both. */
export function SubCategoryEditor({ mode, parentName, defaults, cancelTo }: SubCategoryEditorProps) {
  const edit = mode === "edit";
  return (
    <ValidatedForm
      {...UNSAVED_WARNING}
      id={edit ? `sub-category-form-${defaults.updated_at}` : "sub-category-form"}
      method="post"
      validator={edit ? editSubCategoryValidator : addSubCategoryValidator}
      // strings as the form holds them; the validator turns them into the fields
      defaultValues={defaults as never}
      noValidate
    >
      <input type="hidden" name="intent" value={edit ? "save" : "create"} />
      <SubmissionKey />
      {edit ? <HiddenVersion /> : null}
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", md: "2" }} gap="4">
          <Field label="Parent Category" id="parentName" value={parentName} disabled readOnly />
          <VField name="categoryName" label="Sub-Category Name" required maxLength={120} autoComplete="off" />
        </Grid>
        <VTextarea name="desc" label="Description" required rows={4} maxLength={2000} />
        <Grid columns={{ initial: "1", md: "2" }} gap="4">
          <VSelect name="status" label="Status" options={STATUS_OPTIONS} required />
          <VField name="pageTitle" label="Sub-Category Title" maxLength={200} autoComplete="off" />
        </Grid>
        <EditorFooter edit={edit} addLabel="Add Sub Category" cancelTo={cancelTo} />
      </Flex>
    </ValidatedForm>
  );
}
