/**
 * Valid files of the types the provider documents accept, made in code for the wizard's tests
 * (the API tells them by content: api/src/lib/file-sniff.ts), and a provider ready for the
 * Documents & Terms step (categories saved through the API).
 */
import { png } from "./images";

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");
/** An MP4 (an ftyp box) padded to `size` bytes. */
export function mp4(size = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 32));
  bytes.set([0, 0, 0, 0x18]);
  bytes.write("ftypisom", 4, "latin1");
  return bytes;
}
export const photo = () => png(8, 8);
/** Text named like a PDF: refused by content. */
export const NOT_A_PDF = Buffer.from("just some text, not a document at all", "latin1");

type ApiCall = <T>(path: string, init?: { method?: string; body?: unknown; actingAdmin?: "admin" }) => Promise<T>;

/** A category whose Category Settings list nothing, so any specialization may be saved. */
export async function freeCategoryId(apiCall: ApiCall): Promise<number> {
  const setting = await apiCall<{ data: { setting1: Record<string, unknown> | null } }>(
    "/get-setting?setting_name=CategoryServiceProviderFormSetting",
  );
  const configured = new Set(Object.keys(setting.data.setting1 ?? {}));
  const list = await apiCall<{ data: { category_id: number }[] }>("/get-all-category?page=1&page_size=100");
  const free = list.data.find((c) => !configured.has(String(c.category_id)));
  if (!free) throw new Error("The demo data has no category without Category Settings");
  return free.category_id;
}

const day = { startTime: "09:30", endTime: "17:00" };
const row = (offerings: string, extra: Record<string, unknown> = {}) => ({
  offerings,
  indiaPrice: "1499.5",
  deliveryTime: "3 Days",
  ...extra,
});

/**
 * A provider of the test's own with the sections before Documents & Terms saved through the API
 * (categories, services, service details), so that the documents step is reachable and, in edit
 * mode, its save can finish the wizard.
 */
export async function providerAtDocuments(apiCall: ApiCall, options: { registered?: boolean; documents?: boolean } = {}) {
  const made = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", {
    body: { variant: 0, ...options },
  });
  await saveSectionsBeforeDocuments(apiCall, made.data.serviceProvider_id);
  return { id: made.data.serviceProvider_id, username: made.data.username };
}

/** Saves a provider's categories, services and service details through the API (as the demo admin). */
export async function saveSectionsBeforeDocuments(apiCall: ApiCall, id: number) {
  const category_id = await freeCategoryId(apiCall);
  const sections: [string, unknown][] = [
    ["categories", { category_id, specializations: [{ specialization: "Tax planning", experience: 5 }] }],
    [
      "services",
      {
        category_id,
        Consultation: [row("30 Minutes Call", { deliveryTime: "1 Day" })],
        Service: [row("GST filing")],
        Retainership: [],
        AddOnService: [],
      },
    ],
    [
      "service_details",
      {
        countries: ["India"],
        tagline: "Practical tax help for small businesses",
        skills: ["GST"],
        professionalProfile: "<p>Ten years of practice.</p>",
        occupation: "practice",
        qualification: "CA",
        expYears: 10,
        expMonths: 6,
        languageProficiency: [{ language: "English", spoken: true, written: true, rating: 5 }],
        preferred_days_time: { Monday: day },
      },
    ],
  ];
  for (const [section, data] of sections) {
    await apiCall(`/save-service-provider-form?serviceProviderId=${id}`, { method: "PUT", actingAdmin: "admin", body: { section, data } });
  }
}
