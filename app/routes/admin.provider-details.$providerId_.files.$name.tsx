import { idParam } from "~/services/form-result.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentFileNames, providerFileNames } from "~/services/service-providers/details-query.server";
import { fileFailure, serveStoredFile } from "~/services/file-route.server";
import { requireAdmin } from "~/services/auth.server";
import { MarketplaceError } from "~/services/marketplace/client.server";

/**
 * /admin/provider-details/{providerId}/files/{name}: one of this provider's documents, streamed
 * from the API (the browser never sees the API or its secret). ?download=1 makes it an attachment.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  const providerId = idParam(params.providerId);
  const pagePath = `/admin/provider-details/${providerId}`;
  const name = params.name ?? "";
  try {
    // only files this provider's documents name: the page's access does not open every file
    const provider = await api.raw.getProviderDetail(providerId);
    if (!providerFileNames(provider).has(name) && !documentFileNames((await api.raw.getProviderDocuments(providerId)).data).has(name)) {
      throw new MarketplaceError("not-found", "Not found", 404);
    }
  } catch (error) {
    return fileFailure(request, name || "The file", error, pagePath);
  }
  return serveStoredFile(request, name, api.caller, pagePath);
}
