import { describe, expect, it } from "vitest";
import { createServiceEntryOf, serviceColumns, type ColumnsInput } from "~/models/provider-wizard-columns";

const section = (enabled: boolean, options: string[] = []) => ({ enabled, options });
const typeSettings = (over: Partial<Record<"limits" | "inclusions" | "offerings", ReturnType<typeof section>>> = {}) => ({
  limits: section(false),
  inclusions: section(false),
  offerings: section(false),
  ...over,
});
const offerings = (over: Partial<Record<"Consultation" | "Service" | "Retainership" | "AddOnService", string[]>> = {}) => ({
  offerings: { Consultation: [], Service: [], Retainership: [], AddOnService: [], ...over },
});
const none: ColumnsInput = { categorySetting: null, createServices: null, coverage: null, specializations: [] };

describe("serviceColumns: the Create Services tables and columns a category's settings enable", () => {
  it("a category configured nowhere shows all four tables, free-text offerings, no inclusions or limits", () => {
    const columns = serviceColumns(none);
    for (const type of ["Consultation", "Service", "Retainership", "AddOnService"] as const) {
      expect(columns[type]).toEqual({
        shown: true,
        offerings: null,
        specialty: { shown: true, options: null },
        inclusions: { shown: false, options: null },
        limits: { shown: false, options: null },
        limitsPriceVariation: false,
      });
    }
  });

  it("Category Settings offerings show only their types, with those offerings to choose from", () => {
    const columns = serviceColumns({
      ...none,
      categorySetting: offerings({ Consultation: ["30 Minutes Call"], AddOnService: ["Extra Page"] }),
    });
    expect(columns.Consultation.shown).toBe(true);
    expect(columns.Consultation.offerings).toEqual(["30 Minutes Call"]);
    expect(columns.AddOnService.offerings).toEqual(["Extra Page"]);
    expect(columns.Service.shown).toBe(false);
    expect(columns.Retainership.shown).toBe(false);
  });

  it("the specialty column offers the specializations saved in step 1 (repeats dropped)", () => {
    const columns = serviceColumns({ ...none, specializations: ["Tax", "Audit", "tax"] });
    expect(columns.Service.specialty).toEqual({ shown: true, options: ["Tax", "Audit"] });
  });

  it("enabled Create Service Settings show Service and Retainership with their inclusions, limits and price variations", () => {
    const columns = serviceColumns({
      ...none,
      categorySetting: offerings({ Consultation: ["30 Minutes Call"] }),
      coverage: { enabled: true, subCategories: "all" },
      createServices: {
        all: {
          Services: typeSettings({
            inclusions: section(true, ["Filing"]),
            limits: section(true),
            offerings: section(true, ["Basic", "Premium"]),
          }),
          Retainership: typeSettings({ limits: section(true, ["4 calls"]) }),
        },
      },
    });
    expect(columns.Service).toMatchObject({
      shown: true,
      offerings: ["Basic", "Premium"],
      inclusions: { shown: true, options: ["Filing"] },
      limits: { shown: true, options: null },
      limitsPriceVariation: true,
    });
    expect(columns.Retainership).toMatchObject({
      shown: true,
      offerings: null,
      inclusions: { shown: false },
      limits: { shown: true, options: ["4 calls"] },
      limitsPriceVariation: true,
    });
    expect(columns.Consultation).toMatchObject({
      shown: true,
      inclusions: { shown: false },
      limits: { shown: false },
      limitsPriceVariation: false,
    });
    expect(columns.AddOnService.shown).toBe(false);
  });

  it("Category Settings offerings win over Create Service Settings offerings; disabled sections give free text or no column", () => {
    const columns = serviceColumns({
      ...none,
      categorySetting: offerings({ Service: ["Own offering"] }),
      coverage: { enabled: true, subCategories: "all" },
      createServices: {
        all: {
          Services: typeSettings({ offerings: section(true, ["Basic"]), limits: section(false, ["x"]) }),
          Retainership: typeSettings({ offerings: section(false, ["Monthly"]) }),
        },
      },
    });
    expect(columns.Service.offerings).toEqual(["Own offering"]);
    expect(columns.Service.limits.shown).toBe(false);
    expect(columns.Retainership.offerings).toBeNull();
  });

  it("Create Service Settings switched off (setting2) or missing coverage count for nothing", () => {
    const createServices = { all: { Services: typeSettings({ limits: section(true) }) } };
    expect(serviceColumns({ ...none, createServices, coverage: { enabled: false, subCategories: "all" } }).Service.limits.shown).toBe(
      false,
    );
    expect(serviceColumns({ ...none, createServices, coverage: null }).Service.limits.shown).toBe(false);
    expect(serviceColumns({ ...none, createServices, coverage: { enabled: false, subCategories: "all" } }).Consultation.shown).toBe(true);
  });

  it("without an 'all' entry, the covered sub-categories' entries are merged", () => {
    const entry = createServiceEntryOf(
      {
        "11": { Services: typeSettings({ limits: section(true, ["A", "B"]) }) },
        "12": {
          Services: typeSettings({ limits: section(true, ["b", "C"]), inclusions: section(true, ["I"]) }),
          Retainership: typeSettings(),
        },
        "13": { Retainership: typeSettings({ limits: section(true, ["Z"]) }) },
      },
      { enabled: true, subCategories: [11, 12] },
    );
    expect(entry?.Services?.limits).toEqual({ enabled: true, options: ["A", "B", "C"] });
    expect(entry?.Services?.inclusions).toEqual({ enabled: true, options: ["I"] });
    expect(entry?.Retainership?.limits.enabled).toBe(false);
    expect(createServiceEntryOf({ "13": { Services: typeSettings() } }, { enabled: true, subCategories: [11] })).toBeNull();
  });
});
