import { CheckboxField, Field } from "~/components/forms";
import { Flex, Text } from "~/components/ui";
import {
  MAX_OPTIONS,
  MAX_SPECIALIZATIONS,
  PROVIDER_FORM_FIELDS,
  SETTING_MESSAGES,
  SPECIALIZATION_EXPERIENCE_RANGE,
  TOTAL_EXPERIENCE_RANGE,
} from "~contract/setting-labels";
import { OFFERING_TYPE_LABELS, OFFERING_TYPES, PROVIDER_FORM_FIELD_LABELS, type OfferingType } from "~/models/setting-labels";
import type { CategorySettingsDraft, CategorySettingsPanel } from "~/models/settings-tabs";
import { OptionListField } from "./option-list-field";
import { CategoryPicker, SettingForm, tabValues, type TabFailure } from "./setting-form";
import { SpecializationsField } from "./specializations-field";

const INTENT = "save-category";

const TOO_MANY: Record<OfferingType, string> = {
  Consultation: SETTING_MESSAGES.maxConsultations,
  Service: SETTING_MESSAGES.maxServices,
  Retainership: SETTING_MESSAGES.maxRetainership,
  AddOnService: SETTING_MESSAGES.maxConsultations,
};

/**
 * Category Settings (spec 2 §2, §5): "Please select a category", then that category's provider
 * form: the fields it shows, the offerings per service type, the specializations with their
 * sub-specializations, and the experience and charges it accepts. One form, one Save.
 */
export function CategoryTab({ panel, failure }: { panel: CategorySettingsPanel; failure?: TabFailure<CategorySettingsDraft> }) {
  const { values, errors, failure: mine } = tabValues(panel.draft, INTENT, failure);
  return (
    <Flex direction="column" gap="4">
      <CategoryPicker tab="category" choice={panel} error={errors.category} />
      {panel.category ? (
        <SettingForm
          key={`${panel.category.id}-${panel.frame.version}`}
          intent={INTENT}
          frame={panel.frame}
          failure={mine}
          label={`Category Settings for ${panel.category.name}`}
        >
          <fieldset className="plain-fieldset">
            <Text as="legend" size="3" weight="medium" mb="2">
              Provider form fields
            </Text>
            <Text as="p" size="2" color="gray" mb="2">
              The fields a provider of {panel.category.name} fills in; the others are hidden.
            </Text>
            <div className="settings-grid settings-checks">
              {PROVIDER_FORM_FIELDS.map((field) => (
                <CheckboxField
                  key={field}
                  name={`fields.${field}`}
                  label={PROVIDER_FORM_FIELD_LABELS[field]}
                  defaultChecked={values.fields[field]}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className="plain-fieldset">
            <Text as="legend" size="3" weight="medium" mb="2">
              Offerings
            </Text>
            <div className="settings-grid">
              {OFFERING_TYPES.map((type) => (
                <OptionListField
                  key={type}
                  name={`offerings.${type}`}
                  label={OFFERING_TYPE_LABELS[type]}
                  options={values.offerings[type]}
                  errors={errors}
                  max={MAX_OPTIONS}
                  tooMany={TOO_MANY[type]}
                />
              ))}
            </div>
          </fieldset>

          <SpecializationsField name="specializations" specializations={values.specializations} errors={errors} max={MAX_SPECIALIZATIONS} />

          <div className="settings-grid">
            <RangeFields
              name="totalExperience"
              legend="Total experience (years)"
              values={values.totalExperience}
              errors={errors}
              hint={`Whole years, ${TOTAL_EXPERIENCE_RANGE.min} to ${TOTAL_EXPERIENCE_RANGE.max}`}
            />
            <RangeFields
              name="specializationExperience"
              legend="Specialization experience (years)"
              values={values.specializationExperience}
              errors={errors}
              hint={`Whole years, ${SPECIALIZATION_EXPERIENCE_RANGE.min} to ${SPECIALIZATION_EXPERIENCE_RANGE.max}`}
            />
            <RangeFields
              name="charges"
              legend="Charges (₹)"
              values={values.charges}
              errors={errors}
              hint="Rupees, at most 2 decimals. Leave both blank for no bound."
              decimal
            />
          </div>
        </SettingForm>
      ) : null}
    </Flex>
  );
}

type RangeFieldsProps = {
  name: "totalExperience" | "specializationExperience" | "charges";
  legend: string;
  values: { min: string; max: string };
  errors: Record<string, string>;
  hint: string;
  decimal?: boolean;
};

/** A minimum and a maximum as typed (text, so a refused value comes back exactly). */
function RangeFields({ name, legend, values, errors, hint, decimal }: RangeFieldsProps) {
  return (
    <fieldset className="plain-fieldset">
      <Text as="legend" size="3" weight="medium" mb="2">
        {legend}
      </Text>
      <Flex gap="3" wrap="wrap">
        {(["min", "max"] as const).map((end) => (
          <Field
            key={end}
            name={`${name}.${end}`}
            label={end === "min" ? "Minimum" : "Maximum"}
            defaultValue={values[end]}
            error={errors[`${name}.${end}`]}
            inputMode={decimal ? "decimal" : "numeric"}
            autoComplete="off"
            className="range-input"
          />
        ))}
      </Flex>
      <Text as="p" size="1" color="gray" mt="1">
        {hint}
      </Text>
    </fieldset>
  );
}
