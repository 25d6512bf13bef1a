import { idParam } from "~/services/form-result.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { providerFileNames } from "~/services/service-providers/details-query.server";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { requireAdmin } from "~/services/auth.server";
import { MarketplaceError } from "~/services/marketplace/client.server";

const PAGE = "/admin/documents";

/**
 * /admin/documents/{providerId}/files/{name}: a provider's document for the documents review
 * (its own URL, so the check is the page's "Documents" access). ?download=1 makes it an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Documents");
  const providerId = idParam(params.providerId);
  const name = params.name ?? "";
  try {
    const provider = await api.raw.getProviderDetail(providerId);
    if (!providerFileNames(provider).has(name)) throw new MarketplaceError("not-found", "Not found", 404);
  } catch (error) {
    return fileFailure(request, name || "The file", error, PAGE);
  }
  return serveStoredFile(request, name, api.caller, PAGE);
}
