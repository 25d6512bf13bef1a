/**
 * Setup for the Service Details step's tests (routes and e2e): a provider of the test's own, with
 * its Categories section saved through the API (the wizard's later steps need it), and a section
 * that the contract accepts.
 */
import type { ApiCallInit } from "./api-client";

type ApiCall = <T = unknown>(path: string, init?: ApiCallInit) => Promise<T>;
type Setting = {
  specializations: { name: string; subSpecializations: string[] }[];
  specializationExperience: { min: number; max: number };
};

/** A new provider (a copy of a demo one) whose Categories are saved, as the first category's settings allow. */
export async function providerWithCategories(apiCall: ApiCall): Promise<{ serviceProvider_id: number; username: string }> {
  const made = (
    await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/provider-accounts", {
      method: "POST",
      body: { password: "Provider@12345" },
    })
  ).data;
  const setting = (
    await apiCall<{ data: { setting1: Record<string, Setting> } }>("/get-setting?setting_name=CategoryServiceProviderFormSetting")
  ).data.setting1;
  const [categoryId, category] = Object.entries(setting)[0];
  const specialization = category.specializations[0]?.name ?? "General advisory";
  await apiCall(`/save-service-provider-form?serviceProviderId=${made.serviceProvider_id}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: {
      section: "categories",
      data: {
        category_id: Number(categoryId),
        specializations: [{ specialization, experience: Math.max(1, category.specializationExperience.min) }],
      },
    },
  });
  return made;
}

/** A Service Details section the API accepts. */
export const serviceDetailsData = () => ({
  countries: ["India", "Singapore"],
  tagline: "Practical tax help for small businesses",
  skills: ["GST", "Income tax"],
  professionalProfile: "<p>Ten years of practice.</p>",
  occupation: "practice",
  qualification: "CA",
  expYears: 10,
  expMonths: 6,
  languageProficiency: [
    { language: "English", spoken: true, written: true, rating: 5 },
    { language: "Hindi", spoken: true, written: false, rating: 3 },
  ],
  preferred_days_time: { Monday: { startTime: "09:30", endTime: "17:00" }, Tuesday: { startTime: "10:00", endTime: "14:00" } },
});

export async function saveServiceDetails(apiCall: ApiCall, providerId: number, data: Record<string, unknown> = serviceDetailsData()) {
  await apiCall(`/save-service-provider-form?serviceProviderId=${providerId}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: { section: "service_details", data },
  });
}
