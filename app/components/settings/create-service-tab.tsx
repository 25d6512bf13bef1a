import { Form } from "@remix-run/react";
import { CheckboxField, ErrorText, SelectField } from "~/components/forms";
import { Button, Flex, Text } from "~/components/ui";
import { ALL_SUB_CATEGORIES, MAX_OPTIONS, OPTION_MAX_LENGTH, SETTING_MESSAGES } from "~contract/setting-labels";
import {
  CREATE_SERVICE_SECTION_LABELS,
  CREATE_SERVICE_SECTIONS,
  CREATE_SERVICE_TYPES,
  type CreateServiceType,
} from "~/models/setting-labels";
import {
  ALL_SUB_CATEGORIES_LABEL,
  CREATE_SERVICE_INTENTS,
  type CreateServiceCoverageDraft,
  type CreateServiceEntryDraft,
  type CreateServicePanel,
} from "~/models/settings-tabs";
import { OptionListField } from "./option-list-field";
import { CategoryPicker, SettingForm, tabValues, type TabFailure } from "./setting-form";

const TOO_MANY: Record<CreateServiceType, string> = {
  Retainership: SETTING_MESSAGES.maxRetainership,
  Services: SETTING_MESSAGES.maxServices,
};

const emptySection = { enabled: false, options: [] };
const emptyType = { offered: false, limits: emptySection, inclusions: emptySection, offerings: emptySection };
const EMPTY_ENTRY: CreateServiceEntryDraft = { Retainership: emptyType, Services: emptyType };

/**
 * Create Service Settings (spec 2 §3): "Please select a category", then the category's coverage
 * (on or off; all its sub-categories or the ticked ones), then a sub-category (or all) and, per
 * service type offered there, its limits, inclusions and offerings. Each form saves on its own.
 */
export function CreateServiceTab({ panel, failure }: { panel: CreateServicePanel; failure?: TabFailure<never> }) {
  const coverage = tabValues<CreateServiceCoverageDraft>(panel.coverage.draft, CREATE_SERVICE_INTENTS.coverage, failure);
  const entry = tabValues<CreateServiceEntryDraft>(panel.entry?.draft ?? EMPTY_ENTRY, CREATE_SERVICE_INTENTS.entry, failure);
  const category = panel.category;
  return (
    <Flex direction="column" gap="5">
      <CategoryPicker tab="create-service" choice={panel} error={coverage.errors.category ?? entry.errors.category} />
      {category ? (
        <>
          <SettingForm
            key={`coverage-${category.id}-${panel.coverage.frame.version}`}
            intent={CREATE_SERVICE_INTENTS.coverage}
            frame={panel.coverage.frame}
            failure={coverage.failure}
            label={`Create Service Settings for ${category.name}`}
          >
            <CoverageFields panel={panel} values={coverage.values} errors={coverage.errors} />
          </SettingForm>
          <SubCategoryPicker panel={panel} error={entry.errors.sub} />
          {panel.entry && panel.sub ? (
            <SettingForm
              key={`entry-${category.id}-${panel.sub.key}-${panel.entry.frame.version}`}
              intent={CREATE_SERVICE_INTENTS.entry}
              frame={panel.entry.frame}
              failure={entry.failure}
              label={`Service types for ${category.name}: ${panel.sub.name}`}
            >
              <Text as="p" size="2" color="gray">
                What providers of {category.name} ({panel.sub.name}) fill in when they create a service. A service type left unticked is not
                offered, and its lists are not kept.
              </Text>
              {CREATE_SERVICE_TYPES.map((type) => (
                <ServiceTypeFields key={type} type={type} values={entry.values[type]} errors={entry.errors} />
              ))}
            </SettingForm>
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}

function CoverageFields({
  panel,
  values,
  errors,
}: {
  panel: CreateServicePanel;
  values: CreateServiceCoverageDraft;
  errors: Record<string, string>;
}) {
  const chosen = new Set(values.subCategories);
  // a sub-category that is not one (any more), or none ticked: one message for the group
  const listError = Object.entries(errors).find(([key]) => key === "subCategories" || key.startsWith("subCategories."))?.[1];
  return (
    <>
      <CheckboxField
        name="enabled"
        label="Create Service Settings on for this category"
        defaultChecked={values.enabled}
        error={errors.enabled}
      />
      <fieldset className="plain-fieldset" aria-describedby={listError ? "create-service-subs-error" : undefined}>
        <Text as="legend" size="2" weight="medium">
          Sub-categories they cover
        </Text>
        <Flex direction="column" gap="2" mt="2">
          <label className="choice">
            <input type="radio" name="cover" value="all" defaultChecked={values.cover === "all"} />{" "}
            <Text size="2">{ALL_SUB_CATEGORIES_LABEL}</Text>
          </label>
          <label className="choice">
            <input type="radio" name="cover" value="chosen" defaultChecked={values.cover === "chosen"} />{" "}
            <Text size="2">Only the sub-categories ticked below</Text>
          </label>
          {panel.subCategories.length === 0 ? (
            <Text size="2" color="gray">
              This category has no sub-categories yet.
            </Text>
          ) : (
            <Flex gap="4" wrap="wrap" ml="5">
              {panel.subCategories.map((s) => (
                <label key={s.id} className="choice">
                  <input
                    type="checkbox"
                    className="native-checkbox"
                    name="subCategories"
                    value={String(s.id)}
                    defaultChecked={chosen.has(String(s.id))}
                  />{" "}
                  <Text size="2">{s.name}</Text>
                </label>
              ))}
            </Flex>
          )}
        </Flex>
        <ErrorText id="create-service-subs-error" error={listError} />
      </fieldset>
    </>
  );
}

/** The sub-category (or all) in the URL (?sub=): a GET form, so it works without JavaScript. */
function SubCategoryPicker({ panel, error }: { panel: CreateServicePanel; error?: string }) {
  const options = [
    { value: ALL_SUB_CATEGORIES, label: ALL_SUB_CATEGORIES_LABEL },
    ...panel.subCategories.map((s) => ({ value: String(s.id), label: s.name })),
  ];
  const message = error ?? panel.subMessage;
  return (
    <Form method="get" className="category-picker">
      <input type="hidden" name="tab" value="create-service" />
      <input type="hidden" name="category" value={panel.category ? String(panel.category.id) : ""} />
      <Flex align="end" gap="2" wrap="wrap">
        <SelectField
          key={panel.sub?.key ?? "unknown"}
          label="Sub-category"
          name="sub"
          options={options}
          defaultValue={panel.sub?.key ?? ALL_SUB_CATEGORIES}
          error={message}
        />
        <Button type="submit" variant="soft">
          Show sub-category
        </Button>
      </Flex>
    </Form>
  );
}

function ServiceTypeFields({
  type,
  values,
  errors,
}: {
  type: CreateServiceType;
  values: CreateServiceEntryDraft[CreateServiceType];
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="plain-fieldset create-service-type">
      <Text as="legend" size="3" weight="bold">
        {type}
      </Text>
      <CheckboxField
        name={`${type}.offered`}
        label={`Offer ${type}`}
        defaultChecked={values.offered}
        error={errors[`${type}.offered`] ?? errors[type]}
      />
      <div className="settings-grid">
        {CREATE_SERVICE_SECTIONS.map((section) => {
          const label = CREATE_SERVICE_SECTION_LABELS[section];
          return (
            <Flex key={section} direction="column" gap="2">
              <CheckboxField
                name={`${type}.${section}.enabled`}
                label={`${label} enabled`}
                defaultChecked={values[section].enabled}
                error={errors[`${type}.${section}.enabled`]}
              />
              <OptionListField
                name={`${type}.${section}.options`}
                label={label}
                options={values[section].options}
                errors={errors}
                max={MAX_OPTIONS}
                tooMany={TOO_MANY[type]}
                maxLength={OPTION_MAX_LENGTH}
              />
            </Flex>
          );
        })}
      </div>
    </fieldset>
  );
}
