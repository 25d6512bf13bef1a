import { useActionData } from "@remix-run/react";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { ErrorText } from "~/components/forms";
import { Flex, Text, useHydrated } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import type { ListColumn, TypeColumns } from "~/models/provider-wizard-columns";
import { DELIVERY_TIMES, MAX_SERVICE_ROWS, WIZARD_SERVICE_TYPES, type WizardServiceType } from "~contract/provider-wizard-labels";
import { type WizardFrame } from "~/models/provider-wizard-labels";
import {
  addRowIntent,
  addVariationIntent,
  blankRow,
  blankVariation,
  messageAt,
  REFUSED_CHARGE_KEYS,
  removeRowIntent,
  removeVariationIntent,
  SERVICE_TYPE_LABELS,
  TOO_MANY_ROWS,
  type ServiceRowDraft,
  type ServicesDraft,
  type ServicesView,
  type VariationDraft,
} from "~/models/provider-wizard-services-view";
import { IntentButton } from "./intent-button";
import { WizardForm } from "./wizard-form";

type Errors = Record<string, string>;
/** Row keys: unique in the page, never rendered (the server's and the browser's may differ). */
let lastKey = 0;
type Keyed<T> = { key: number; value: T };
const keyed = <T,>(value: T): Keyed<T> => ({ key: ++lastKey, value });

/** With JavaScript a charge refuses the keys of an exponent or a sign; the server refuses them anyway. */
const refuseChargeKeys = (event: KeyboardEvent<HTMLInputElement>) => {
  if (REFUSED_CHARGE_KEYS.has(event.key)) event.preventDefault();
};

/** A cell's control with its message below, linked by aria-describedby. */
function Cell({
  name,
  error,
  label,
  children,
}: {
  name: string;
  error?: string;
  label: string;
  children: (described: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `${name}-error`;
  return (
    // data-label: the column's heading, shown above the field when the table stacks (narrow panels)
    <td data-label={label}>
      {children(error ? { "aria-invalid": true, "aria-describedby": id } : {})}
      <ErrorText id={id} error={error} />
    </td>
  );
}

/** A list field: checkboxes when the settings give options (any value not among them kept), else a text box, one entry per line. */
function ListInput({
  name,
  label,
  column,
  values,
  described,
}: {
  name: string;
  label: string;
  column: ListColumn;
  values: string[];
  described: object;
}) {
  if (!column.options) {
    return (
      <textarea
        name={name}
        aria-label={`${label} (one per line)`}
        defaultValue={values.join("\n")}
        rows={2}
        className="native-input"
        {...described}
      />
    );
  }
  const options = [...column.options, ...values.filter((v) => !column.options!.includes(v))];
  return (
    <fieldset className="plain-fieldset wizard-checks" {...described}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option, k) => (
        <label key={option} className="wizard-check">
          <input
            type="checkbox"
            className="native-checkbox"
            name={`${name}.${k}`}
            value={option}
            defaultChecked={values.includes(option)}
            aria-label={`${label}: ${option}`}
          />
          {option}
        </label>
      ))}
    </fieldset>
  );
}

function DeliverySelect({
  name,
  label,
  value,
  described,
  optional,
}: {
  name: string;
  label: string;
  value: string;
  described: object;
  optional?: boolean;
}) {
  return (
    <select name={name} aria-label={label} defaultValue={value} className="native-input" {...described}>
      <option value="">{optional ? "None" : "Select"}</option>
      {DELIVERY_TIMES.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}

type RowProps = {
  type: WizardServiceType;
  index: number;
  row: ServiceRowDraft;
  columns: TypeColumns;
  errors: Errors;
  hydrated: boolean;
  onRemove: () => void;
  span: number;
};

/** One service row, and beneath it its limits price variations when the limits column is shown. */
function ServiceRow({ type, index, row, columns, errors, hydrated, onRemove, span }: RowProps) {
  const [variations, setVariations] = useState(() => row.limitsPriceVariation.map(keyed));
  const at = `${type}.${index}`;
  const label = `${SERVICE_TYPE_LABELS[type]} ${index + 1}`;
  const err = (field: string) => messageAt(errors, `${at}.${field}`);
  return (
    <>
      <tr>
        <th scope="row">{index + 1}</th>
        <Cell name={`${at}.offerings`} label="Offerings" error={errors[`${at}.offerings`]}>
          {(d) =>
            columns.offerings ? (
              <select
                name={`${at}.offerings`}
                aria-label={`${label} offering`}
                defaultValue={row.offerings}
                className="native-input"
                {...d}
              >
                <option value="">Select offering</option>
                {[...columns.offerings, ...(row.offerings && !columns.offerings.includes(row.offerings) ? [row.offerings] : [])].map(
                  (o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ),
                )}
              </select>
            ) : (
              <input
                name={`${at}.offerings`}
                aria-label={`${label} offering`}
                defaultValue={row.offerings}
                maxLength={200}
                className="native-input"
                autoComplete="off"
                {...d}
              />
            )
          }
        </Cell>
        {(["specialty", "inclusions", "limits"] as const).map((field) =>
          columns[field].shown ? (
            <Cell
              key={field}
              name={`${at}.${field}`}
              label={field === "specialty" ? "Specialty" : field === "inclusions" ? "Inclusions" : "Limits"}
              error={err(field)}
            >
              {(d) => (
                <ListInput
                  name={`${at}.${field}`}
                  label={`${label} ${field === "specialty" ? "specialty" : field}`}
                  column={columns[field]}
                  values={row[field]}
                  described={d}
                />
              )}
            </Cell>
          ) : null,
        )}
        <Cell name={`${at}.description`} label="Description" error={errors[`${at}.description`]}>
          {(d) => (
            <textarea
              name={`${at}.description`}
              aria-label={`${label} description`}
              defaultValue={row.description}
              rows={1}
              maxLength={2000}
              className="native-input"
              {...d}
            />
          )}
        </Cell>
        <Cell name={`${at}.indiaPrice`} label="India price (₹)" error={errors[`${at}.indiaPrice`]}>
          {(d) => (
            <input
              name={`${at}.indiaPrice`}
              aria-label={`${label} India price (₹)`}
              defaultValue={row.indiaPrice}
              inputMode="decimal"
              onKeyDown={refuseChargeKeys}
              className="native-input wizard-price"
              autoComplete="off"
              {...d}
            />
          )}
        </Cell>
        <Cell name={`${at}.outsidePrice`} label="Outside India price (₹)" error={errors[`${at}.outsidePrice`]}>
          {(d) => (
            <input
              name={`${at}.outsidePrice`}
              aria-label={`${label} outside India price (₹)`}
              defaultValue={row.outsidePrice}
              inputMode="decimal"
              onKeyDown={refuseChargeKeys}
              className="native-input wizard-price"
              autoComplete="off"
              {...d}
            />
          )}
        </Cell>
        <Cell name={`${at}.deliveryTime`} label="Delivery time" error={errors[`${at}.deliveryTime`]}>
          {(d) => <DeliverySelect name={`${at}.deliveryTime`} label={`${label} delivery time`} value={row.deliveryTime} described={d} />}
        </Cell>
        <td data-label="Ask before order">
          <input
            type="checkbox"
            className="native-checkbox"
            name={`${at}.askBeforeOrder`}
            defaultChecked={row.askBeforeOrder}
            aria-label={`${label} ask before order`}
          />
          {row.serviceId ? <input type="hidden" name={`${at}.serviceId`} value={row.serviceId} /> : null}
        </td>
        <td>
          <IntentButton hydrated={hydrated} intent={removeRowIntent(type, index)} label={`Remove ${label}`} color="red" act={onRemove}>
            Remove
          </IntentButton>
        </td>
      </tr>
      {columns.limitsPriceVariation ? (
        <tr className="wizard-variations">
          <td />
          <td colSpan={span - 1}>
            <p className="wizard-variations-title">Limits price variations of {label}</p>
            {variations.map(({ key, value }, v) => (
              <Variation
                key={key}
                at={`${at}.limitsPriceVariation.${v}`}
                label={`${label} variation ${v + 1}`}
                value={value}
                limits={columns.limits}
                errors={errors}
                remove={
                  <IntentButton
                    hydrated={hydrated}
                    intent={removeVariationIntent(type, index, v)}
                    label={`Remove ${label} variation ${v + 1}`}
                    color="red"
                    act={() => setVariations((list) => list.filter((x) => x.key !== key))}
                  >
                    Remove
                  </IntentButton>
                }
              />
            ))}
            <IntentButton
              hydrated={hydrated}
              intent={addVariationIntent(type, index)}
              label={`Add price variation to ${label}`}
              act={() => setVariations((list) => (list.length >= MAX_SERVICE_ROWS ? list : [...list, keyed(blankVariation())]))}
            >
              Add price variation
            </IntentButton>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function Variation({
  at,
  label,
  value,
  limits,
  errors,
  remove,
}: {
  at: string;
  label: string;
  value: VariationDraft;
  limits: ListColumn;
  errors: Errors;
  remove: ReactNode;
}) {
  const field = (name: string) => ({ id: `${at}.${name}-error`, error: messageAt(errors, `${at}.${name}`) });
  const described = (name: string) => (field(name).error ? { "aria-invalid": true as const, "aria-describedby": field(name).id } : {});
  return (
    <div className="wizard-variation">
      <div>
        <input
          name={`${at}.indiaPrice`}
          aria-label={`${label} India price (₹)`}
          placeholder="India price (₹)"
          defaultValue={value.indiaPrice}
          inputMode="decimal"
          onKeyDown={refuseChargeKeys}
          className="native-input wizard-price"
          autoComplete="off"
          {...described("indiaPrice")}
        />
        <ErrorText {...field("indiaPrice")} />
      </div>
      <div>
        <ListInput name={`${at}.limits`} label={`${label} limits`} column={limits} values={value.limits} described={described("limits")} />
        <ErrorText {...field("limits")} />
      </div>
      <div>
        <DeliverySelect
          name={`${at}.deliveryTime`}
          label={`${label} delivery time`}
          value={value.deliveryTime}
          described={described("deliveryTime")}
          optional
        />
        <ErrorText {...field("deliveryTime")} />
      </div>
      <div>
        <input
          name={`${at}.description`}
          aria-label={`${label} description`}
          placeholder="Description"
          defaultValue={value.description}
          maxLength={2000}
          className="native-input"
          {...described("description")}
        />
        <ErrorText {...field("description")} />
      </div>
      {remove}
    </div>
  );
}

function ServiceTable({
  type,
  rows: initial,
  columns,
  errors,
  hydrated,
}: {
  type: WizardServiceType;
  rows: ServiceRowDraft[];
  columns: TypeColumns;
  errors: Errors;
  hydrated: boolean;
}) {
  const [rows, setRows] = useState(() => initial.map(keyed));
  const [tooMany, setTooMany] = useState(false);
  const label = SERVICE_TYPE_LABELS[type];
  const listColumns = (["specialty", "inclusions", "limits"] as const).filter((field) => columns[field].shown);
  const span = 9 + listColumns.length;
  const message = (tooMany ? TOO_MANY_ROWS[type] : undefined) ?? errors[type];
  return (
    <section className="wizard-service-type" aria-labelledby={`${type}-title`}>
      <h3 id={`${type}-title`} className="wizard-service-title">
        {label}
      </h3>
      <div className="wizard-table-scroll">
        <table className="wizard-services-table" aria-labelledby={`${type}-title`}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Offerings</th>
              {listColumns.map((field) => (
                <th key={field} scope="col">
                  {field === "specialty" ? "Specialty" : field === "inclusions" ? "Inclusions" : "Limits"}
                </th>
              ))}
              <th scope="col">Description</th>
              <th scope="col">India price (₹)</th>
              <th scope="col">Outside India price (₹)</th>
              <th scope="col">Delivery time</th>
              <th scope="col">Ask before order</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, value }, index) => (
              <ServiceRow
                key={key}
                type={type}
                index={index}
                row={value}
                columns={columns}
                errors={errors}
                hydrated={hydrated}
                span={span}
                onRemove={() => {
                  setTooMany(false);
                  setRows((list) => list.filter((r) => r.key !== key));
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ErrorText id={`${type}-error`} error={message} />
      <Flex gap="3" align="center">
        <IntentButton
          hydrated={hydrated}
          intent={addRowIntent(type)}
          label={`Add row to ${label}`}
          act={() => {
            if (rows.length >= MAX_SERVICE_ROWS) {
              setTooMany(true);
              return;
            }
            setRows((list) => [...list, keyed(blankRow())]);
          }}
        >
          Add row
        </IntentButton>
        <Text size="1" color="gray">
          At most {MAX_SERVICE_ROWS} rows; a blank row is not saved.
        </Text>
      </Flex>
    </section>
  );
}

/**
 * The Create Services step: one table per service type the settings enable for the category,
 * with the columns they enable (app/models/provider-wizard-columns.ts). Rows are added and removed
 * in place with JavaScript (at most 10, told at once), by a form post without it.
 */
export function ServicesStep({ frame, view }: { frame: WizardFrame; view: ServicesView }) {
  const failure = useActionData<FormFailure<ServicesDraft>>();
  const hydrated = useHydrated();
  const [draft] = useState<ServicesDraft>(() => (failure?.repopulateFields?.Service ? failure.repopulateFields : view.draft));
  const errors = failure?.fieldErrors ?? {};
  const types = WIZARD_SERVICE_TYPES.filter((type) => view.columns[type].shown || draft[type].some((row) => row.offerings.trim() !== ""));
  return (
    <WizardForm frame={frame} formError={failure?.formError}>
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <Text as="p" size="2">
        Services for <strong>{view.categoryName}</strong>. Charges in rupees, at most 2 decimals.
      </Text>
      {view.restarted ? (
        <Text as="p" size="2" role="status" className="wizard-note">
          Your services were saved for another category; these tables are for {view.categoryName}.
        </Text>
      ) : null}
      {types.map((type) => (
        <ServiceTable key={type} type={type} rows={draft[type]} columns={view.columns[type]} errors={errors} hydrated={hydrated} />
      ))}
    </WizardForm>
  );
}
