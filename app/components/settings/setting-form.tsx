import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { ErrorText, FormError, SelectField } from "~/components/forms";
import { Button, Flex, Text } from "~/components/ui";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";
import type { FormFailure } from "~/models/form-result";
import { SETTING_MESSAGES } from "~contract/setting-labels";
import type { CategoryChoice, SettingsTab, SettingTabFrame } from "~/models/settings-tabs";
import { UNSAVED_WARNING } from "~/components/unsaved-changes";

/** A tab form's refill after a refused save: what was typed, with the version to save against. */
export type TabFailure<Draft> = FormFailure<Draft & { version: string; part: string }>;

/**
 * What a tab's form shows: the loaded values, or after a refused save of this form (its intent)
 * what the admin typed, with the messages by field name. A post that could not be read at all
 * has no typed values of the draft's shape: the loaded ones fill what it lacks.
 */
export function tabValues<Draft>(draft: Draft, intent: string, failure: TabFailure<Draft> | undefined) {
  const mine = failure && failure.intent === intent ? failure : undefined;
  return { values: mine ? ({ ...draft, ...mine.repopulateFields } as Draft) : draft, errors: mine?.fieldErrors ?? {}, failure: mine };
}

type SettingFormProps = {
  intent: string;
  frame: SettingTabFrame;
  /** this form's refused save, if any (from tabValues) */
  failure?: TabFailure<unknown>;
  encType?: "multipart/form-data";
  /** the form's accessible name */
  label: string;
  children: ReactNode;
};

/**
 * One setting tab's form: a plain POST to the page (it works without JavaScript) carrying the
 * version it was loaded at; the form's message (a stale save names who saved meanwhile, the values
 * stay to Save again), Save, and who saved it last.
 */
export function SettingForm({ intent, frame, failure, encType, label, children }: SettingFormProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const version = failure?.repopulateFields.version ?? frame.version;
  const part = failure?.repopulateFields.part ?? frame.part;
  return (
    <Form {...UNSAVED_WARNING} method="post" encType={encType} preventScrollReset noValidate aria-label={label} className="setting-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="part" value={part} />
      <Flex direction="column" gap="4">
        {children}
        <FormError error={failure?.formError} />
        <Flex align="center" gap="3" wrap="wrap">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </Button>
          {failure?.conflict ? (
            <Link to={location.pathname + location.search} reloadDocument>
              Reload to see theirs
            </Link>
          ) : null}
          <Text size="1" color="gray">
            {frame.lastSaved ? `Last saved ${frame.lastSaved}` : "Not saved yet"}
          </Text>
          {frame.historyHref ? (
            <Text size="1">
              <AllChangesLink href={frame.historyHref} />
            </Text>
          ) : null}
        </Flex>
      </Flex>
    </Form>
  );
}

/**
 * "Please select a category" first (spec 2 §2): a GET form that puts the category in the URL, so a
 * per-category tab can be bookmarked and works without JavaScript.
 */
export function CategoryPicker({ tab, choice, error }: { tab: SettingsTab; choice: CategoryChoice; error?: string }) {
  const options = [{ value: "", label: "Select a category" }, ...choice.categories.map((c) => ({ value: String(c.id), label: c.name }))];
  return (
    <Form method="get" className="category-picker">
      <input type="hidden" name="tab" value={tab} />
      <Flex align="end" gap="2" wrap="wrap">
        <SelectField
          key={choice.category?.id ?? "none"}
          label="Category"
          name="category"
          options={options}
          defaultValue={choice.category ? String(choice.category.id) : ""}
        />
        <Button type="submit" variant="soft">
          Show
        </Button>
      </Flex>
      {error ? (
        <ErrorText id="category-message" error={error} />
      ) : choice.categoryMessage ? (
        <Text as="p" size="2" color={choice.categoryMessage === SETTING_MESSAGES.selectCategory ? "gray" : "red"} mt="1">
          {choice.categoryMessage}
        </Text>
      ) : null}
    </Form>
  );
}
