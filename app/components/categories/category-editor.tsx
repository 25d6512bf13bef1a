import { Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { Button, Flex, Grid, Text } from "~/components/ui";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms";
import type { FormFailure } from "~/models/form-result";
import {
  addCategoryValidator,
  editCategoryValidator,
  STATUS_OPTIONS,
  SUPER_CATEGORY_OPTIONS,
  YES_NO_OPTIONS,
  type CategoryFormValues,
} from "~/models/category-forms";
import { VCheckbox, VField, VSelect, VTextarea } from "../validated-fields";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";
import { SubmissionKey } from "~/components/submission-key";

type CategoryEditorProps = {
  mode: "add" | "edit";
  defaults: CategoryFormValues;
  /** shown on edit: "Current super category: …" */
  currentSuperCategory?: string;
  cancelTo: string;
};

/** The Add Category and Edit Category form (spec 1 §2.6, §2.7): one editor for both screens. */
export function CategoryEditor({ mode, defaults, currentSuperCategory, cancelTo }: CategoryEditorProps) {
  const edit = mode === "edit";
  return (
    <ValidatedForm
      {...UNSAVED_WARNING}
      // a new form (and form store) for each version, so a save shows the saved values
      id={edit ? `category-form-${defaults.updated_at}` : "category-form"}
      method="post"
      validator={edit ? editCategoryValidator : addCategoryValidator}
      // the form's values are strings as HTML holds them; the validator turns them into the fields
      defaultValues={defaults as never}
      noValidate
    >
      <input type="hidden" name="intent" value={edit ? "save" : "create"} />
      <SubmissionKey />
      {edit ? <HiddenVersion /> : null}
      <Flex direction="column" gap="4">
        <Grid columns={{ initial: "1", md: "2" }} gap="4">
          <VField name="categoryName" label="Category Name" required maxLength={120} autoComplete="off" />
          <VSelect name="status" label="Status" options={STATUS_OPTIONS} required />
        </Grid>
        <VTextarea name="desc" label="Category Description" required rows={4} maxLength={2000} />
        <Grid columns={{ initial: "1", md: "2" }} gap="4">
          <Flex direction="column" gap="1">
            <VSelect name="superCategory" label="Is SuperCategory Tag" options={SUPER_CATEGORY_OPTIONS} />
            {edit ? (
              <Text size="1" color="gray">
                Current super category: {currentSuperCategory || "None"}
              </Text>
            ) : null}
          </Flex>
          <VField name="pageTitle" label="Page Title Name" maxLength={200} autoComplete="off" />
        </Grid>
        <VTextarea name="metaDescription" label="Meta Description" rows={3} maxLength={500} />
        <Grid columns={{ initial: "1", md: "2" }} gap="4" align="end">
          {edit ? <VSelect name="hide_from_menu_bar" label="Hide from Menubar" options={YES_NO_OPTIONS} /> : null}
          <VCheckbox name="mostPopular" label="Add To MostPopular" />
        </Grid>
        <EditorFooter edit={edit} addLabel="Add Category" cancelTo={cancelTo} />
      </Flex>
    </ValidatedForm>
  );
}

/**
 * The end of both category editors: the form's error, the stale-edit reload link, and Save /
 * Add with Cancel. The save button reads "Saving…" while this page's form is posting.
 */
export function EditorFooter({ edit, addLabel, cancelTo }: { edit: boolean; addLabel: string; cancelTo: string }) {
  const failure = useActionData<FormFailure>();
  const navigation = useNavigation();
  const location = useLocation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  return (
    <>
      <FormError error={failure?.formError} />
      {failure?.conflict ? (
        <Text size="2">
          <a href={location.pathname}>Reload</a> to see the current values.
        </Text>
      ) : null}
      <Flex gap="3">
        <Button type="submit" size="3" disabled={saving}>
          {saving ? "Saving…" : edit ? "Save Changes" : addLabel}
        </Button>
        <Button asChild size="3" variant="soft" color="gray">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
      </Flex>
    </>
  );
}

/** The version the admin loaded; after a failed save it stays the one they posted. */
export function HiddenVersion() {
  const { getInputProps } = useField("updated_at");
  return <input {...getInputProps({ type: "hidden" })} name="updated_at" />;
}
