import { idParam } from "~/services/form-result.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Text } from "~/components/ui";
import { DocumentsTable, ProfileSummary, ProviderCard, type ProviderView } from "~/components/service-providers/details-sections";
import {
  ACTIVITY_PAGE_SIZE,
  documentRows,
  historyPage,
  readPositive,
  safeBack,
  toActivityRows,
} from "~/services/service-providers/details-query.server";
import { fileHrefUnder } from "~/components/files/file-preview";
import { HistoryPanel } from "~/components/service-providers/history-panel";
import { readBoosterHistory } from "~/services/service-providers/booster-history.server";
import { BoosterPointsBody } from "~/models/service-providers";
import { requireAdmin } from "~/services/auth.server";
import { getPublicEnv } from "~/services/env.server";
import { throwLoaderError } from "~/services/errors.server";
import { listUserActivities } from "~/services/marketplace/activity.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { getProviderDetail, updateBoosterPoints } from "~/services/marketplace/service-providers.server";
import { redirectWithToast } from "~/services/toast.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Admin | ${data.provider.username}` : "Admin | Service provider" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
  const providerId = idParam(params.providerId);
  const url = new URL(request.url);
  const caller = callerOf(admin, request);
  const provider = await getProviderDetail(providerId, caller).catch(throwLoaderError);

  const [history, booster] = await Promise.all([
    listUserActivities(provider.userId.id, caller).then(
    (records) => ({ rows: toActivityRows(records), error: null }),
    (error: unknown) => {
      if (!(error instanceof MarketplaceError)) throw error;
      return { rows: [], error: `The profile update activities could not be loaded: ${error.message}` };
    },
    ),
    readBoosterHistory(providerId, caller),
  ]);
  const shown = historyPage(history.rows, readPositive(url.searchParams, "activity_page"));
  const asked = readPositive(url.searchParams, "activity");
  const open = asked === null ? undefined : history.rows.find((row) => row.id === asked);

  const publicSite = getPublicEnv().PUBLIC_SITE_URL.replace(/\/?$/, "/");
  const view: ProviderView = {
    id: provider.serviceProvider_id,
    username: provider.userId.username,
    firstName: provider.userId.firstName,
    lastName: provider.userId.lastName,
    email: provider.userId.email,
    phone: provider.userId.phone,
    online: provider.userId.online,
    place: [provider.city, provider.state, provider.country].filter((v) => v.trim()).join(", "),
    rating: provider.userId.rating,
    categoryName: provider.category?.categoryName ?? null,
    catchyLine: provider.catchyLine,
    languages: provider.languageProficiency,
    specializations: provider.specialization,
    boosterPoints: provider.boosterPoints,
    planName: provider.plan?.plan_name ?? null,
    publicProfileUrl: new URL(`profile/${encodeURIComponent(provider.userId.username)}`, publicSite).toString(),
  };

  return data({
    provider: view,
    back: safeBack(url.searchParams.get("back")),
    documents: documentRows(provider),
    booster,
    history: {
      rows: shown.rows.map(({ id, timestamp, category, count, names }) => ({ id, timestamp, category, count, names })),
      total: shown.total,
      page: shown.page,
      pageSize: ACTIVITY_PAGE_SIZE,
      error: history.error,
      dialog: open
        ? { id: open.id, timestamp: open.timestamp, status: open.status, count: open.count, changes: open.changes }
        : null,
    },
  });
}

type ActionResult = {
  boosterError: string | null;
  reasonError: string | null;
  boosterValue: string;
  reasonValue: string;
  formError: string | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
  const providerId = idParam(params.providerId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "update-points") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const raw = String(formData.get("boosterPoints") ?? "").trim();
  const reason = String(formData.get("reason") ?? "");
  const refuse = (result: Partial<ActionResult>, status: number) =>
    data<ActionResult>({ boosterError: null, reasonError: null, formError: null, boosterValue: raw, reasonValue: reason, ...result }, { status });

  const parsed = BoosterPointsBody.safeParse({ boosterPoints: raw, reason });
  // z.coerce turns "" into 0: an empty box is a missing value, not zero
  const boosterError =
    raw === ""
      ? "Booster points are required"
      : parsed.success
        ? null
        : (parsed.error.issues.find((i) => i.path[0] === "boosterPoints")?.message ?? null);
  const reasonError = parsed.success ? null : (parsed.error.issues.find((i) => i.path[0] === "reason")?.message ?? null);
  if (!parsed.success || boosterError) {
    return refuse({ boosterError: boosterError === "Expected number, received nan" ? "Booster points must be a number" : boosterError, reasonError }, 422);
  }
  try {
    await updateBoosterPoints(providerId, parsed.data, callerOf(admin, request));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
    if (error.kind === "invalid") {
      const fields = error.fieldErrors;
      const known = fields.boosterPoints ?? fields.reason;
      return refuse({ boosterError: fields.boosterPoints ?? (known ? null : error.message), reasonError: fields.reason ?? null }, 422);
    }
    return refuse({ formError: error.kind === "unavailable" ? API_UNAVAILABLE_MESSAGE : error.message }, error.status >= 500 ? 503 : 400);
  }
  const url = new URL(request.url);
  return redirectWithToast(request, url.pathname + url.search, { type: "success", message: "Booster Points Updated Successfully" });
}

export default function ProviderDetailsPage() {
  const { provider, back, documents, history, booster } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <Text as="p" size="2" mb="3">
        <Link to={back}>← Service Providers</Link>
      </Text>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 420px), 1fr))", gap: "var(--space-4)", alignItems: "start" }}>
        <ProfileSummary provider={provider} />
        <ProviderCard provider={provider} booster={booster} result={result ?? null} />
      </div>
      <DocumentsTable rows={documents} href={fileHrefUnder(`/admin/provider-details/${provider.id}/files`)} />
      <HistoryPanel {...history} />
    </>
  );
}
